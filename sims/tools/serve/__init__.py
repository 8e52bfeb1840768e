"""`allfours serve`: the local web application (`app`), its queue of queries (`jobs`), the
forms turned into the command line's queries (`forms`) and its pages (`static/`)."""
