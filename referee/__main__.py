from referee.cli.main import run

run()
