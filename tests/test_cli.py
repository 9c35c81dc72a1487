"""The ``ludoteca`` command line, driven through Typer's CliRunner with piped input.

Most tests use the core test game "blind-draw" (registered for the session in conftest). A tiny
simultaneous-choice game defined here checks hot-seat play and that private log events stay private.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

import ludoteca
from ludoteca.cli import app, parse_option_values, split_seat_specs
from ludoteca.core import Action, Game, State, register, registry, unregister

runner = CliRunner()


def run(*args: str, input: str | None = None) -> Result:
    return runner.invoke(app, list(args), input=input)


def error_lines(result: Result) -> list[str]:
    return [line for line in result.output.splitlines() if line.strip()]


def assert_one_line_error(result: Result, reason: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = error_lines(result)
    assert len(lines) == 1, result.output
    assert reason in lines[0]


# --------------------------------------------------------------------------- a simultaneous game
class SecretPickState(State):
    """Both seats pick "a" or "b" at once; each pick is logged privately, the reveal publicly."""

    def _setup(self) -> None:
        self.data = {"picks": [None, None]}

    def _to_act(self) -> list[int]:
        return [seat for seat, pick in enumerate(self.data["picks"]) if pick is None]

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("a"), Action("b")]

    def _apply(self, seat: int, action: Action) -> None:
        self.data["picks"][seat] = action.text
        self.emit("pick", f"Seat {seat} secretly picks {action.text}.", seats=[seat])
        if self._is_over():
            first, second = self.data["picks"]
            self.emit("reveal", f"Revealed: seat 0 picked {first}, seat 1 picked {second}.")

    def _is_over(self) -> bool:
        return None not in self.data["picks"]

    def _result(self) -> dict[str, Any]:
        same = self.data["picks"][0] == self.data["picks"][1]
        return {
            "scores": [int(same), int(not same)],
            "winners": [0 if same else 1],
            "verdict": "matched" if same else "missed",
        }

    def _view(self, seat: int | None) -> dict[str, Any]:
        picks = self.data["picks"]
        return {"picked": [pick is not None for pick in picks], "mine": picks[seat] if seat is not None else None}


class SecretPick(Game):
    id = "secret-pick"
    title = "Secret Pick (CLI test game)"
    min_players = 2
    max_players = 2

    def _make_state(self) -> State:
        return SecretPickState()


@pytest.fixture
def secret_pick() -> Iterator[None]:
    register(SecretPick)
    yield
    unregister(SecretPick.id)


# --------------------------------------------------------------------------- basics
def test_help_and_version() -> None:
    assert run("--help").exit_code == 0
    result = run("play", "--help")
    assert result.exit_code == 0
    assert "--seats" in result.output
    result = run("--version")
    assert result.exit_code == 0
    assert ludoteca.__version__ in result.output


def test_games_lists_blind_draw_with_player_counts_and_options() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = next(index for index, line in enumerate(lines) if "blind-draw" in line)
    assert "2-4" in lines[at] and "limit=21" in lines[at]
    assert "default 2" in lines[at + 1]  # the count --players takes when left out


def test_games_lists_the_bots_with_each_games_own_words() -> None:
    result = run("games")
    assert result.exit_code == 0, result.output
    bots = result.output[result.output.index("Bots for --seats"):]
    for name in ("random", "heuristic", "ismcts"):
        assert any(line.split("│")[1].strip() == name for line in bots.splitlines() if line.startswith("│"))
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in bots.splitlines() if line.startswith("│")]
    named = [row for row in rows if row[0]]
    assert named[-1][:2] == ["ismcts", "advanced-civilization"]  # its own words, after the agent's own
    assert named[-2][:2] == ["ismcts", "the other games"]


def test_games_survives_a_game_that_fails_to_import(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._BUILTIN, "broken-game", "ludoteca.no_such_module:Nope")
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "broken-game" in result.output
    assert "cannot load" in result.output
    assert "blind-draw" in result.output


def test_play_a_game_that_fails_to_import(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._BUILTIN, "broken-game", "ludoteca.no_such_module:Nope")
    result = run("play", "broken-game")
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert len(error_lines(result)) == 1
    assert "cannot be loaded: ModuleNotFoundError" in result.output


def test_option_values_are_json_when_they_parse() -> None:
    assert parse_option_values(["turn_limit=10", "x=null", "era=ancient", "flag=true", 'name="7"']) == {
        "turn_limit": 10,
        "x": None,
        "era": "ancient",
        "flag": True,
        "name": "7",
    }


def test_an_option_given_twice_is_refused_not_silently_replaced() -> None:
    from ludoteca.core import BadOptions

    with pytest.raises(BadOptions, match=r"option 'board' is given twice \(board=standard and board=advanced\)"):
        parse_option_values(["board=standard", "board=advanced"])


def test_seat_specs_keep_agent_parameters_together() -> None:
    assert split_seat_specs("human, random") == ["human", "random"]
    assert split_seat_specs("ismcts:iterations=400,depth=20,random:seed=2,human") == [
        "ismcts:iterations=400,depth=20",
        "random:seed=2",
        "human",
    ]


# --------------------------------------------------------------------------- bots only
def test_bot_game_finishes_saves_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    result = run("play", "blind-draw", "--players", "2", "--seats", "random,random", "--seed", "3", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert "Result" in result.output
    assert "Winner" in result.output
    assert "Seat 0 (random):" in result.output
    record = json.loads(path.read_text())
    assert record["game"] == "blind-draw"
    assert record["seed"] == 3
    state = ludoteca.replay(record)
    assert state.is_over()
    # every log sentence scrolled past as the bots played
    for event in state.log:
        assert event["text"] in result.output


def test_same_seed_same_record(tmp_path: Path) -> None:
    records = []
    for name in ("one.json", "two.json"):
        path = tmp_path / name
        result = run(
            "play", "blind-draw", "-p", "3", "--seats", "random,random,random", "--seed", "11", "--save", str(path)
        )
        assert result.exit_code == 0, result.output
        records.append(json.loads(path.read_text()))
    assert records[0] == records[1]
    assert records[0]["actions"]


def test_options_reach_the_game(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    result = run("play", "blind-draw", "--seats", "random,random", "--seed", "1", "-o", "limit=30", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["options"] == {"limit": 30}


def test_max_actions_stops_a_runaway_game(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    args = ["play", "blind-draw", "--seats", "random,random", "--seed", "1", "--max-actions", "1", "--save", str(path)]
    result = run(*args)
    assert result.exit_code == 1
    assert "did not end" in result.output
    assert "Traceback" not in result.output
    assert len(json.loads(path.read_text())["actions"]) == 1


def test_a_save_path_that_cannot_be_written_is_refused_before_the_game(tmp_path: Path) -> None:
    for path, reason in ((tmp_path / "no-such-folder" / "x.json", f"there is no folder {tmp_path / 'no-such-folder'}"),
                         (tmp_path, "is a folder; give a file name")):
        result = run("play", "blind-draw", "--seats", "random,random", "--seed", "1", "--save", str(path))
        assert_one_line_error(result, reason)  # one line: not a move was played


def test_saving_over_a_file_says_so_before_the_game(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    path.write_text("an older record")
    result = run("play", "blind-draw", "--seats", "random,random", "--seed", "1", "--save", str(path))
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == f"{path} exists: the record of this game will replace it."
    assert json.loads(path.read_text())["game"] == "blind-draw"


# --------------------------------------------------------------------------- people
def test_human_numbers_text_illegal_text_and_quit(tmp_path: Path) -> None:
    path = tmp_path / "rec.json"
    # Two people, so no random move gets in the way: seat 0 draws by number, seat 1 rolls by text,
    # seat 0 rolls with odd case and spacing, seat 1 tries to roll again (illegal), then quits. Each
    # turn of a different person starts with Enter, once the terminal has been passed on.
    typed = "\n2\n\nroll\n\n  ROLL \n\nroll\n?\nquit\n"
    args = ["play", "blind-draw", "--seats", "human,human", "--seed", "4", "--save", str(path)]
    result = run(*args, input=typed)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Seat 0 to act" in out
    assert "1. stop" in out
    assert "2. draw" in out
    assert "'roll' is not a legal action for seat 1" in out
    assert out.count("Seat 1> ") == 4  # roll; then roll (illegal), '?' and quit on its second turn
    assert out.count("Pass the terminal to seat") == 4
    assert "Game stopped after 3 action(s)." in out
    assert "Traceback" not in out
    assert json.loads(path.read_text())["actions"] == [[0, "draw"], [1, "roll"], [0, "roll"]]


def test_human_against_bot_plays_to_the_end() -> None:
    # The person stops at once; the bot then plays alone until the game ends.
    result = run("play", "blind-draw", "--seats", "human,random", "--seed", "2", input="stop\n")
    assert result.exit_code == 0, result.output
    assert "Seat 0 stops." in result.output
    assert "Game over" in result.output
    assert "Result" in result.output


def test_an_action_the_game_warns_about_is_asked_before_it_is_played(tmp_path: Path) -> None:
    """AC-R37: a ship built from Crete's only two tokens leaves it nothing on the board. The terminal shows why
    and asks; "n" (or anything but yes) plays nothing and asks for the action again, "y" plays it."""
    path = tmp_path / "rec.json"
    ship = "build a ship in Knossos (0 treasury, 2 from the area)"
    typed = f"play Crete\nstart in Knossos\n{ship}\nn\n2\nquit\n"
    args = ["play", "advanced-civilization", "--seats", "human,random", "--seed", "11", "--save", str(path)]
    result = run(*args, input=typed)
    assert result.exit_code == 0, result.output
    assert result.output.count("Crete would have no token and no city left on the board.") == 1
    assert f"Go ahead: {ship}? [y/N]" in result.output
    mine = [text for seat, text in json.loads(path.read_text())["actions"] if seat == 0]
    assert mine == ["play Crete", "start in Knossos", "build no more ships"]  # the refused ship was never played
    typed = "play Crete\nstart in Knossos\n1\ny\nquit\n"  # by its number this time, then confirmed
    result = run(*args, input=typed)
    assert result.exit_code == 0, result.output
    assert "Crete (seat 0) builds a ship in Knossos." in result.output
    assert [t for seat, t in json.loads(path.read_text())["actions"] if seat == 0][-1] == ship


def test_default_seats_are_one_human_then_bots() -> None:
    result = run("play", "blind-draw", "-p", "3", "--seed", "2", input="")
    assert result.exit_code == 0, result.output
    assert "seat 0: human, seat 1: heuristic, seat 2: heuristic" in result.output  # the lobby's default bot
    assert "heuristic: quick: the move that looks best a step ahead" in result.output  # said once for both
    assert result.output.count("heuristic: quick") == 1
    assert "Game stopped" in result.output  # end of input counts as quit


def test_play_says_what_each_bot_plays_like_in_this_game() -> None:
    """The words the lobby shows: Advanced Civilization's own for its search, which its ladder rates level with
    the heuristic bot, and the agents' own elsewhere."""
    result = run("play", "advanced-civilization", "--seats", "human,ismcts:iterations=10,random", "--seed", "3",
                 input="quit\n")
    assert result.exit_code == 0, result.output
    assert "ismcts: searches moves ahead, and slower: in this game no stronger than the heuristic bot" in result.output
    assert "random: any legal move, at random" in result.output
    assert "the strongest" not in result.output
    result = run("play", "blind-draw", "--seats", "human,ismcts", "--seed", "3", input="quit\n")
    assert "ismcts: searches moves ahead: the strongest, and slower" in result.output


def test_out_of_range_number_is_refused() -> None:
    result = run("play", "blind-draw", "--seats", "human,human", "--seed", "2", input="\n9\n-1\n3.5\n0\nquit\n")
    assert result.exit_code == 0, result.output
    for typed in ("9", "-1", "3.5", "0"):  # one message for every number that is no action's
        assert f"there is no action {typed}; choose 1-" in result.output, typed


def test_hot_seat_simultaneous_choices_keep_private_events_private(secret_pick: None) -> None:
    result = run("play", "secret-pick", "--seats", "human,human", "--seed", "1", input="\na\n\nb\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.index("Pass the terminal to seat 0") < out.index("Seat 0 to act")
    assert out.index("Seat 0 to act") < out.index("Pass the terminal to seat 1") < out.index("Seat 1 to act")
    assert "secretly picks" not in out  # neither person's private pick is shown to the other
    assert "Revealed: seat 0 picked a, seat 1 picked b." in out
    assert "verdict: missed" in out


def test_hot_seat_pauses_only_when_another_person_takes_the_terminal() -> None:
    # Seat 0 stops; seat 1 then plays on alone, with no pause between its own turns.
    result = run("play", "blind-draw", "--seats", "human,human", "--seed", "4", input="\nstop\n\ndraw\ndraw\nquit\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Pass the terminal to seat") == 2
    assert result.output.count("Seat 1> ") == 3
    assert "Game stopped after 3 action(s)." in result.output


def test_quit_while_the_terminal_is_passed_on() -> None:
    result = run("play", "blind-draw", "--seats", "human,human", "--seed", "4", input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Seat 0 to act" not in result.output
    assert "Game stopped after 0 action(s)." in result.output


def test_bot_private_events_hidden_from_the_human(secret_pick: None) -> None:
    result = run("play", "secret-pick", "--seats", "human,random", "--seed", "1", input="a\n")
    assert result.exit_code == 0, result.output
    assert "Seat 1 secretly picks" not in result.output
    assert "Seat 0 secretly picks a." in result.output
    assert "Revealed:" in result.output


# --------------------------------------------------------------------------- errors
@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["play", "no-such-game"], "there is no game 'no-such-game'"),
        (["play", "blind-draw", "-o", "colour=red"], "has no option 'colour'"),
        (["play", "blind-draw", "-o", "limit=lots"], "option 'limit' must be an int, not 'lots'"),
        (["play", "blind-draw", "-o", "limit=20", "-o", "limit=30"], "option 'limit' is given twice"),
        (["tournament", "blind-draw", "-a", "random", "-o", "limit=2", "-o", "limit=3"], "'limit' is given twice"),
        (["play", "blind-draw", "-o", "limit"], "KEY=VALUE"),
        (["play", "blind-draw", "--players", "9"], "2-4 players, not 9"),
        (["play", "blind-draw", "--players", "3", "--seats", "random,random"], "names 2 seat(s)"),
        (["play", "blind-draw", "--seats", "random,alphazero"], "there is no agent 'alphazero'"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(args: list[str], reason: str) -> None:
    assert_one_line_error(run(*args), reason)


# --------------------------------------------------------------------------- replay
@pytest.fixture
def saved_game(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    result = run("play", "blind-draw", "-p", "3", "--seats", "random,random,random", "--seed", "7", "--save", str(path))
    assert result.exit_code == 0, result.output
    return path


def test_replay_prints_log_and_result(saved_game: Path) -> None:
    result = run("replay", str(saved_game))
    assert result.exit_code == 0, result.output
    state = ludoteca.replay(json.loads(saved_game.read_text()))
    for event in state.log:
        assert event["text"] in result.output
    assert "Result" in result.output
    assert "Winner" in result.output


def test_a_whole_log_says_whose_each_private_line_is(tmp_path: Path) -> None:
    """A bots' game and a replay without --seat print every seat's lines; a line written for one seat speaks
    to it ("You draw red."), so it says whose it is. Seen by one seat, its own lines stay as they are."""
    path = tmp_path / "te.json"
    played = run("play", "tigris-euphrates", "--seats", "random,random", "--seed", "3", "--save", str(path))
    assert played.exit_code == 0, played.output
    state = ludoteca.replay(json.loads(path.read_text()))
    private = [event for event in state.log if event.get("seats")]
    assert private and all(event["text"].startswith("You ") for event in private)
    for output in (played.output, run("replay", str(path)).output):
        for event in private:
            assert f"[seat {event['seats'][0]} only] {event['text']}" in output
        assert "\n  You " not in output
    seen_by_0 = run("replay", str(path), "--seat", "0").output
    assert "\n  You " in seen_by_0 and "only]" not in seen_by_0


def test_replay_counts_actions_in_words(saved_game: Path) -> None:
    actions = len(json.loads(saved_game.read_text())["actions"])
    assert actions > 1
    result = run("replay", str(saved_game))
    assert result.output.splitlines()[0] == f"blind-draw: 3 players, seed 7, {actions} actions"


def test_a_record_field_of_the_wrong_type_is_named_with_its_article(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "blind-draw", "players": 2, "seed": "7", "actions": []}))
    assert_one_line_error(run("replay", str(path)), "the record's 'seed' must be an int, not '7'")


def test_replay_step_pauses_between_actions(saved_game: Path) -> None:
    record = json.loads(saved_game.read_text())
    count = len(record["actions"])
    result = run("replay", "--step", str(saved_game), input="\n" * count)
    assert result.exit_code == 0, result.output
    for index, (seat, text) in enumerate(record["actions"], start=1):
        assert f"[{index}/{count}] seat {seat}: {text}" in result.output
    assert result.output.count("Enter: next action") == count - 1
    assert "Result" in result.output


def test_replay_of_an_unfinished_game_says_so(tmp_path: Path) -> None:
    path = tmp_path / "quit.json"
    run("play", "blind-draw", "--seats", "human,human", "--seed", "1", "--save", str(path), input="\ndraw\n\nquit\n")
    assert json.loads(path.read_text())["actions"] == [[0, "draw"]]
    result = run("replay", str(path))
    assert result.exit_code == 0, result.output
    assert "not over" in result.output


def test_replay_of_a_corrupt_file(tmp_path: Path) -> None:
    path = tmp_path / "corrupt.json"
    path.write_text("{not json")
    assert_one_line_error(run("replay", str(path)), "is not valid JSON")


def test_replay_of_a_missing_file(tmp_path: Path) -> None:
    assert_one_line_error(run("replay", str(tmp_path / "absent.json")), "cannot read")


def test_replay_of_a_malformed_record(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"game": "blind-draw", "players": 2, "seed": 1}))
    assert_one_line_error(run("replay", str(path)), "no 'actions'")


@pytest.mark.parametrize("step", [False, True])
def test_replay_of_an_illegal_action(saved_game: Path, step: bool) -> None:
    record = json.loads(saved_game.read_text())
    record["actions"][1][1] = "fly away"
    saved_game.write_text(json.dumps(record))
    args = ["replay", "--step", str(saved_game)] if step else ["replay", str(saved_game)]
    result = run(*args, input="\n" * 5)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert "action 1" in result.output
    assert "'fly away' is not a legal action" in result.output
    if not step:
        assert len(error_lines(result)) == 1


# --------------------------------------------------------------------------- simulate, report, tournament
def test_simulate_writes_results_summary_plots_and_report(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    result = runner.invoke(app, ["simulate", "mankind", "--players", "2", "--agents", "random", "--games", "3",
                                 "--seed", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    for name in ("results.jsonl", "summary.json", "report.md", "win_share.png", "scores.png", "length.png"):
        assert (out / name).is_file(), name
    assert json.loads((out / "summary.json").read_text())["games"] == 3
    (out / "summary.json").unlink()
    again = runner.invoke(app, ["report", str(out)])
    assert again.exit_code == 0 and (out / "summary.json").is_file()


def test_simulate_and_report_errors_are_one_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "mankind", "--agents", "wizard", "--games", "2", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "no agent 'wizard'" in result.output and "Traceback" not in result.output
    result = runner.invoke(app, ["simulate", "mankind", "--backend", "moon", "--games", "1", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "no backend 'moon'" in result.output
    result = runner.invoke(app, ["report", str(tmp_path / "nothing")])
    assert result.exit_code == 2 and "has no results.jsonl" in result.output


def test_tournament_prints_win_shares() -> None:
    result = runner.invoke(app, ["tournament", "blind-draw", "--agents", "random:seed=1,random:seed=2",
                                 "--players", "2", "--games", "4"])
    assert result.exit_code == 0, result.output
    assert "95% interval" in result.output and "random:seed=1" in result.output


def test_the_tournament_title_names_the_options_and_each_agent_has_its_own_time() -> None:
    result = runner.invoke(app, ["tournament", "blind-draw", "--agents", "random", "--players", "2", "--games", "1",
                                 "-o", "limit=30"])
    assert result.exit_code == 0, result.output
    words = " ".join(result.output.split())  # the title and caption wrap to the table's width
    assert "blind-draw (limit=30), 2 players, 1 game (seats rotated; fair share 50.0%)" in words
    assert "ms/move" in words and "s/seat" not in words
    assert "ms/move: the agent's mean wall-clock time per decision the game left open" in words


def test_fuzz_counts_in_words(tmp_path: Path) -> None:
    result = run("fuzz", "blind-draw", "--games", "1", "-p", "2", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "1/1 game, 0 failure(s)" in result.output
    assert "blind-draw: 1 game (2p: 1), " in result.output and " games" not in result.output


def test_bench_writes_every_figure_and_its_ratio_to_the_reference(tmp_path: Path) -> None:
    """The figures themselves are timings (never asserted); what they are made of is checked."""
    pytest.importorskip("chess")
    out = tmp_path / "bench.json"
    result = run("bench", "arabian-struggle", "--seeds", "1", "--json", str(out))
    assert result.exit_code == 0, result.output
    figures = json.loads(out.read_text())
    reference = figures["reference"]["python_chess_plies_per_s"]
    assert reference > 0
    rows = figures["games"]
    assert [(row["game"], row["players"]) for row in rows] == [("arabian-struggle", 2), ("arabian-struggle", 3)]
    for row in rows:
        assert row["games"] == 1 and row["actions"] > 0 and row["state_kb"] > 0 and row["reference_plies_per_s"] > 0
        assert row["ratio_actions"] == pytest.approx(row["actions_per_s"] / row["reference_plies_per_s"])
        assert row["ratio_clones"] == pytest.approx(row["clones_per_s"] / row["reference_plies_per_s"])
        assert row["generic_actions_per_s"] > 0  # both paths, the generic one agents take too (#21)
        assert row["ratio_generic"] == pytest.approx(row["generic_actions_per_s"] / row["reference_plies_per_s"])


# --------------------------------------------------------------------------- the score breakdown (issue #20)
FAKE_BREAKDOWN = {
    "rows": [
        {"label": "[bold]Red[/bold] points", "values": [3, 7, 1]},
        {"label": "Treasures", "values": [1, "wild", None], "note": "added to the weakest colour"},
        {"label": "Final score", "values": [4, 7, 1]},
    ],
    "notes": ["Seat 1 wins outright: no tie to break."],
}


def printed(*parts: Any, width: int = 100) -> str:
    from rich.console import Console

    console = Console(width=width, record=True, color_system=None)
    for part in parts:
        console.print(part)
    return console.export_text()


def test_breakdown_is_a_table_of_seats_with_the_last_row_bold_and_the_notes() -> None:
    from rich.table import Table

    from ludoteca.cli_render import breakdown, result_extras

    result = {"scores": [4, 7, 1], "winners": [1], "breakdown": FAKE_BREAKDOWN}
    parts = breakdown(result, 3, ["human", "random", "heuristic"])
    table = parts[0]
    assert isinstance(table, Table) and len(table.columns) == 4 and table.row_count == 3
    out = printed(*parts)
    lines = out.splitlines()
    assert "Score breakdown" in out and "seat 1 *" in out and "heuristic" in out
    assert "[bold]Red[/bold] points" in out  # a game's text is printed as written, never as markup
    treasures = next(line for line in lines if "Treasures" in line)
    assert [cell.strip() for cell in treasures.split("│")[2:5]] == ["1", "wild", "-"]
    final = next(line for line in lines if "Final score" in line)
    assert [cell.strip() for cell in final.split("│")[2:5]] == ["4", "7", "1"]
    assert lines.index(final) > lines.index(treasures)
    assert any("added to the weakest colour" in line for line in lines)
    assert lines[-1].strip() == "Seat 1 wins outright: no tie to break."
    # The deciding row is bold.
    cells = list(table.columns[2].cells)
    assert cells[-1].style == "bold" and cells[0].style != "bold"
    # Not also dumped as a "breakdown: {...}" line.
    assert all(not line.plain.startswith("breakdown") for line in result_extras(result, 3))


def test_a_table_of_awards_reads_as_names_and_seats_not_json() -> None:
    """Mankind's ``bonuses`` (a bonus to the seats that hold it) was printed as JSON under the score table."""
    from ludoteca.cli_render import result_extras

    result = {"scores": [4, 7, 1], "bonuses": {"Empire": [0, 1], "Monuments": [1], "Peace": []}, "turns": 51,
              "how": {"odd": "shape"}}
    lines = [line.plain for line in result_extras(result, 3)]
    assert lines == ["bonuses: Empire: seats 0 and 1 · Monuments: seat 1 · Peace: nobody", "turns: 51",
                     'how: {"odd": "shape"}']


def test_a_seats_table_of_numbers_reads_as_names_and_numbers() -> None:
    """T&E's ``colours`` (each seat's points per colour) filled its column with JSON."""
    from ludoteca.cli_render import result_table

    result = {"scores": [21, 18], "winners": [0], "colours": [{"red": 29, "blue": 21}, {"red": 18, "blue": 30}]}
    out = printed(result_table(result, 2))
    assert "red 29, blue 21" in out and "red 18, blue 30" in out and "{" not in out


def test_a_list_in_the_result_reads_as_its_values_under_a_key_in_words() -> None:
    """T&E's ``sorted_colours`` showed its raw key over a Python list, "[14, 14, 19, 37]"."""
    from ludoteca.cli_render import result_extras, result_table

    result = {"scores": [14, 6], "winners": [0], "sorted_colours": [[14, 14, 19, 37], [6, 9, 14, 17]],
              "tie_breaks": [3, 1, 2]}
    out = printed(result_table(result, 2), width=120)
    assert "sorted colours" in out and "sorted_colours" not in out
    assert "14, 14, 19, 37" in out and "6, 9, 14, 17" in out and "[" not in out
    assert [line.plain for line in result_extras(result, 2)] == ["tie breaks: 3, 1, 2"]


def test_a_result_text_the_breakdown_already_says_is_not_said_again() -> None:
    """Terminal QA pass, session 26: an Arabian Struggle ending said its winner four times, the last three as raw
    keys ("winner: Saudi", "how: ...", "quality: ...") under the notes that had said them in words."""
    from ludoteca.cli_render import result_extras

    notes = ["Saudi wins: the highest score after the Post-War Era.", "Victory level: Arabian Kingdom (Better)."]
    result = {"scores": [6, 8], "winners": [1], "winner": "Saudi", "how": "the highest score after the Post-War Era",
              "quality": "Arabian Kingdom", "ended": "turn limit", "breakdown": {"rows": [], "notes": notes}}
    assert [line.plain for line in result_extras(result, 2)] == ["ended: turn limit"]


def test_no_breakdown_draws_nothing() -> None:
    from ludoteca.cli_render import breakdown

    assert breakdown({"scores": [1, 2], "winners": [1]}, 2) == []
    assert breakdown({"breakdown": "junk"}, 2) == []


def test_play_prints_the_breakdown_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.core.toy_game import BlindDrawState

    plain = BlindDrawState._result

    def with_breakdown(self: BlindDrawState) -> dict[str, Any]:
        result = plain(self)
        scores = result["scores"]
        rows = [{"label": "Cards", "values": scores}, {"label": "Final score", "values": scores}]
        return {**result, "breakdown": {"rows": rows, "notes": ["Over 21 counts as 0."]}}

    monkeypatch.setattr(BlindDrawState, "_result", with_breakdown)
    result = run("play", "blind-draw", "-p", "2", "--seats", "random,random", "--seed", "5")
    assert result.exit_code == 0, result.output
    end = result.output[result.output.index("Game over") :]
    assert "Score breakdown" in end and "Final score" in end and "Over 21 counts as 0." in end
    assert "breakdown:" not in end
