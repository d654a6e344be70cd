"""The `flipside` command line: thin Click commands over the flipside package."""
