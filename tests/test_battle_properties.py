"""Properties of attacks (hypothesis): whatever the dice and the players' answers,
every card stays in exactly one place, every figure id is unique and never reused,
and every Enemy token is on the board or in the supply."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from _battle_helpers import character, place_character, place_named, scene_of

from cardforge_runtime.battle.answers import check_battle_answer
from cardforge_runtime.battle.attack import attack, targets_of
from cardforge_runtime.battle.state import add_enemy

FLOOR = ["......"] * 6
AROUND = [(2, 3), (3, 3), (4, 3)]


def answer(data, scene, request):
    kind = request["kind"]
    if kind == "roll":
        return {"faces": [data.draw(st.integers(1, 6)) for _ in range(request["dice"])]}
    if kind == "reroll":
        return {"keep": True}
    if kind == "pips":
        return {"dice": data.draw(st.sampled_from([[], request["suggested"]]))}
    if kind == "pick":
        return {"pick": data.draw(st.sampled_from(request["options"]))}
    if kind == "assign":
        totals = {t["figure"]: 0 for t in request["targets"]}
        for face in request["faces"]:
            target = data.draw(st.sampled_from(sorted(totals)))
            totals[target] += scene.rule.face_successes(face, doom=request["doom"])
        return {"assign": [{"figure": t, "successes": n} for t, n in totals.items()]}
    raise AssertionError(f"unexpected request {request}")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.integers(1, 5), st.sampled_from(["Broadsword", "Rapier", "Flail"]), st.booleans())
def test_attacks_keep_cards_ids_and_tokens(data, attacks, weapon, named):
    scene = scene_of(FLOOR, [character("Porthos", 4, 3, destiny=2, health=20), character("Athos", 3, 5)],
                     supply={"Cardinal's Guard": 4, "Marksman": 4})
    porthos = place_character(scene, 0, (3, 4), "north", [weapon])
    if named:
        place_named(scene, "Cardinal Richelieu", (3, 3))
    seen = {f["id"] for key in ("characters", "enemies", "named") for f in scene.battle[key]}
    for _ in range(attacks):
        for square in AROUND:
            if not any(f["square"] == list(square) for key in ("enemies", "named") for f in scene.battle[key]):
                if scene.battle["supply"]["Cardinal's Guard"]:
                    figure = add_enemy(scene.battle, "Cardinal's Guard", square)
                    assert figure["id"] not in seen
                    seen.add(figure["id"])
        if not scene.on_board(porthos) or not targets_of(scene, porthos, scene.decks.card(scene.get(porthos)["weapons"][0])):
            break
        if scene.game["characters"][0]["fallen"]:
            break
        play = attack(scene, porthos, scene.get(porthos)["weapons"][0])
        try:
            request = next(play)
            while True:
                reply = answer(data, scene, request)
                check_battle_answer(request, reply, scene.rule)
                request = play.send(reply)
        except StopIteration:
            pass
        assert scene.decks.faults(scene.game) == []
        on_board = [f for f in scene.battle["enemies"] if f["enemy"] == "Cardinal's Guard"]
        assert len(on_board) + scene.battle["supply"]["Cardinal's Guard"] == 4
        ids = [f["id"] for key in ("characters", "enemies", "named") for f in scene.battle[key]]
        assert len(ids) == len(set(ids)) and max(ids) < scene.battle["next_id"]
