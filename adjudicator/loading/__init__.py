"""Reading input files: YAML with line numbers, scenario validation, event parsing."""
