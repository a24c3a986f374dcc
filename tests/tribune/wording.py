"""What the table reads: rulings and questions rendered as the interface shows them."""

from referee.tribune.ui.render import question_text, ruling_text


def said(ruling) -> str:
    return ruling_text(ruling)


def asked(decision) -> str:
    return question_text(decision)
