"""What a game becomes outside the table: its record (the text format, read and written), the
rolls CSV, a Board Game Stats play file and its roll statistics. Pure: never opens the store."""
