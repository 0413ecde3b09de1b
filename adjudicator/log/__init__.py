"""The resolution log: typed, frozen step records and their rendering."""
