"""Trajan table interface: guided prompts and Rich rendering (may use the CLI libraries)."""
