"""Tribune at the table: guided play, status board, dispute checks and scoring.

Everything here may use the CLI libraries; the rules core never imports this package.
"""
