"""One meaning of "moves remain" (issue #25): after a hint, the moves that remain are those AFTER
the hinted move, and the window's hint line, `pegapp hint` and its JSON "remaining" say the same
number. The number is checked against the test's own breadth-first search of the jugs."""

from __future__ import annotations

import json
import re
from collections import deque

from pegapp import cli


def jugs_distance(capacities=(8, 5), target=4) -> int:
    """The fewest fills, empties and pours from empty jugs until one holds target (own search)."""
    start = (0,) * len(capacities)
    seen, queue = {start: 0}, deque([start])
    while queue:
        state = queue.popleft()
        if target in state:
            return seen[state]
        nexts = []
        for i, cap in enumerate(capacities):
            nexts.append(state[:i] + (cap,) + state[i + 1:])
            nexts.append(state[:i] + (0,) + state[i + 1:])
            for j, cap_j in enumerate(capacities):
                if i != j:
                    amount = min(state[i], cap_j - state[j])
                    s = list(state)
                    s[i] -= amount
                    s[j] += amount
                    nexts.append(tuple(s))
        for n in nexts:
            if n not in seen:
                seen[n] = seen[state] + 1
                queue.append(n)
    raise AssertionError("no solution")


def hint_numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"then ([0-9]+) moves? remains? at best", text)]


def test_the_window_the_command_line_and_json_say_the_same_number(capsys, qtbot, open_window):
    after = jugs_distance() - 1   # the moves that remain once the hinted move is played
    assert cli.main(["hint", "jugs", "--capacities", "8,5", "--target", "4", "--json"]) == 0
    answer = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert answer["remaining"] == after
    assert cli.main(["hint", "jugs", "--capacities", "8,5", "--target", "4"]) == 0
    assert hint_numbers(capsys.readouterr().out.splitlines()[-1]) == [after]
    w = open_window("jugs", {"capacities": [8, 5], "target": 4})
    w.panel.hint_button.click()
    qtbot.waitUntil(lambda: not w.assistant.busy and "Hint" in w.panel.hint_label.text(),
                    timeout=60000)
    assert hint_numbers(w.panel.hint_label.text()) == [after]


def test_one_move_from_the_goal_it_is_the_last_move_everywhere(capsys):
    from pegapp.puzzles.hints import HintAnswer
    from pegapp.solvers.result import SOLVED, SolveResult
    from pegapp.ui.assistant import answer_text

    last = SolveResult(SOLVED, [("fill", 1)], True)
    assert HintAnswer(last, 0.0, True).remaining == 0
    assert answer_text(last, str) == "Hint: ('fill', 1) — the last move."
    two = SolveResult(SOLVED, [("fill", 1), ("pour", 1, 0)], True)
    assert HintAnswer(two, 0.0, True).remaining == 1
    assert answer_text(two, str) == "Hint: ('fill', 1) — then 1 move remains at best."
