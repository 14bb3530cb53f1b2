"""What a game becomes outside the table: its record (the text format, read and written), the
rolls CSV, a Board Game Stats play file and its roll statistics. Pure: written from the events
and the rules handed in; never opens the store and never imports the session."""
