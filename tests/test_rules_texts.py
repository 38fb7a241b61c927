"""The in-game rules texts (data/rules/<id>.yaml) say what the data and the engine say.

Each game lists *facts*: a value read from its data file and the phrase of the rules text
(per language) that must state it.  Edit the data without the text (or the text without
the data) and a fact fails, naming the game, the language and the phrase it looked for.
A new game adds one function to ``FACTS``.
"""
from __future__ import annotations

import re

import pytest

from games import registry
from games.app.overlays import rules_sections
from games.core.i18n import text_of


def rules_text(game_id: str, lang: str) -> str:
    return "\n".join(text_of(t, lang) + "\n" + text_of(b, lang) for t, b in rules_sections(game_id))


def toutomi_facts(d=None) -> list[tuple[str, str]]:
    from games.toutomi.data import data
    d = d or data()
    counts = {f.id: f.count for f in d.toutomi}
    sit = {f.id: f for f in d.situation}
    numbers = [f for f in d.toutomi if f.kind == "number"]
    high = [f for f in numbers if f.value > 0]
    same = {f.count for f in high}
    assert len(same) == 1, "the text states one count for every positive number card"
    deck = sum(counts.values())
    situation = sum(f.count for f in d.situation)
    return [
        ("ja", f"許容値の{d.burst_limit}を超える"), ("en", f"above the limit of {d.burst_limit}"),
        ("ja", f"手札を{d.hand_size}枚まで補充"), ("en", f"refill your hand to {d.hand_size}"),
        ("ja", f"尊み山札（{deck}枚）"), ("en", f"Toutomi deck ({deck} cards)"),
        ("ja", f"シチュエーション山札（{situation}枚）"), ("en", f"situation deck ({situation} cards)"),
        ("ja", f"数字カード{min(f.value for f in high)}〜{max(f.value for f in high)}が各{same.pop()}枚"),
        ("ja", f"0が{counts['n0']}枚、-1が{counts['m1']}枚"),
        ("ja", f"1点×{sit['sit1'].count}、2点×{sit['sit2'].count}、新世界×{sit['newworld'].count}、"
               f"クマーワイルド×{sit['kuma'].count}"),
        ("en", f"1 point x{sit['sit1'].count}, 2 points x{sit['sit2'].count}, New World x{sit['newworld'].count}, "
               f"Kuma-wild x{sit['kuma'].count}"),
        ("ja", f"全員の中でもっとも少ない（同数を含む）とき{sit['newworld'].points}点"),
        ("en", f"{sit['newworld'].points} points if its owner holds the fewest"),
        ("ja", "バーストした本人が得点することはありません"), ("en", "The buster never scores their own burst"),
        ("ja", "クマーワイルドを持っていれば、それを使わなければなりません"),
        ("en", "Holding a Kuma-wild, the player must use it"),
        ("ja", "data/toutomi.yaml"), ("en", "data/toutomi.yaml"),
    ]


def fuji99_facts(d=None) -> list[tuple[str, str]]:
    from games.fuji99.data import load
    d = d or load()
    y1, y2 = d.yellow_spaces
    out = [("ja", f"赤色キューブが{d.red_limit}個そろうと"), ("en", f"{d.red_limit} means a red bust"),
           ("ja", f"数値の合計が{d.crisis_limit}以上ならバースト"), ("en", f"add up to {d.crisis_limit} or more"),
           ("ja", f"取り出す個数（{d.min_draw}個以上）"), ("en", f"how many cubes to draw ({d.min_draw} or more)"),
           ("ja", f"「{y1}」と「{y2}」のマス"), ("en", f"The spaces {y1} and {y2}"),
           ("ja", f"透明キューブ（{d.components[0]}個−{d.bag[0]}個×人数）"),
           ("en", f"({d.components[0]} minus {d.bag[0]} per player)"),
           ("ja", "data/fuji99.yaml"), ("en", "data/fuji99.yaml"),
           ("ja", f"透明{d.bag[0]}個・黄色{d.bag[1]}個・赤色{d.bag[2]}個"),
           ("en", f"{d.bag[0]} clear, {d.bag[1]} yellow and {d.bag[2]} red cubes"),
           ("ja", f"富士山カード{sum(k.copies for k in d.kinds)}枚"),
           ("en", f"The {sum(k.copies for k in d.kinds)} Fuji cards"),
           ("ja", f"{d.goal}階に着いた"), ("en", f"reaches floor {d.goal}")]
    for k in d.kinds:
        ja, en = k.name["ja"], k.name["en"]
        if k.timing == "immediate":
            out += [("ja", f"{ja}（即時・透明{k.clear}）×{k.copies}"),
                    ("en", f"{en} (immediate, {k.clear} clear) x{k.copies}")]
        else:
            out += [
                ("ja", f"{ja}（コスト{k.cost}・透明{k.clear}・"),
                ("en", f"{en} (cost {k.cost}, {k.clear} clear, "),
                ("ja", re.compile(rf"{ja}（[^）]*）×{k.copies}")),
                ("en", re.compile(rf"{en} \([^)]*\) x{k.copies}")),
            ]
        out += [
            ("ja", re.compile(rf"数値{k.value}：[^\n]*{ja}（")),
            ("en", re.compile(rf"Value {k.value}: [^\n]*{en} \(")),
        ]
    return out


def brujas_facts(d=None) -> list[tuple[str, str]]:
    from games.brujas.data import data
    d = d or data()
    cards = len(d.cards)
    scores = "・".join(str(s) for s in d.score_cards)
    out = [("ja", f"計{cards}枚"), ("en", f"The {cards} prank cards"),
           ("ja", f"得点カード{scores}"), ("en", f"score cards {', '.join(str(s) for s in d.score_cards)}"),
           ("ja", "data/brujas.yaml"), ("en", "data/brujas.yaml")]
    for players, size in d.deal:
        out += [("ja", f"{players}人は{size}枚ずつ"), ("en", f"{size} each with {players}")]
    if d.majority_by == "colour":  # R-4.2 / D-1
        out += [("ja", "悪戯カードの4種類（赤の蛾・青の烏・黄の本・緑の盃、つまり4色）のそれぞれ"),
                ("ja", f"プレイヤーが{d.majority_points}点ずつ"),
                ("en", f"the player(s) who captured the most cards of that colour score {d.majority_points} each")]
    return out


def qumasu_facts(d=None) -> list[tuple[str, str]]:
    from games.qumasu.data import data
    d = d or data()
    return [
        ("ja", f"各自{d.deck_size}枚の山札"),
        ("en", f"shuffles a {d.deck_size}-card deck"),
        ("ja", f"コストカード{d.cost_cards}枚は山札に入れません"),
        ("en", f"the {d.cost_cards} cost cards are kept apart"),
        ("ja", f"各自{d.hand_size}枚引きます"),
        ("en", f"Everyone draws {d.hand_size}"),
        ("ja", f"山札の上から{d.castle_size}枚を裏向きで城エリア"),
        ("en", f"top {d.castle_size} cards of their deck face down"),
        ("ja", f"同じ列に置ける自分のカードは{d.column_limit}枚まで"),
        ("en", f"At most {d.column_limit} of your cards in one column"),
        ("ja", f"合わせて{d.outside_limit}枚まで"),
        ("en", f"at most {d.outside_limit} outside your own area"),
    ]
    # (issue 27: the player's rules say nothing about data files; the README does)


def suma_facts(d=None) -> list[tuple[str, str]]:
    from games.suma.data import data
    d = d or data()
    n = {i.kind: i.count for i in d.items}
    sq = " · ".join(f"{d.item(k).symbol} {' '.join(map(str, s))}" for k, s in d.warehouse)
    lim = d.limits
    return [("ja", f"〇{n['circle']}個、△{n['triangle']}個、□{n['square']}個、☆{n['star']}個"),
            ("en", f"〇 ×{n['circle']}, △ ×{n['triangle']}, □ ×{n['square']}, ☆ ×{n['star']}"),
            ("en", f"({sq})"),
            ("ja", "（" + "・".join(f"{d.item(k).symbol}{' '.join(map(str, s))}" for k, s in d.warehouse) + "）"),
            ("ja", f"1ビンゴ{lim['bingo_points']}点"), ("en", f"Each bingo scores {lim['bingo_points']} points"),
            ("ja", f"合計の上限は{d.cap}点"), ("en", f"Totals stop at {d.cap}"),
            ("ja", f"手札は{lim['hand']}枚まで"), ("en", f"hand limit {lim['hand']}"),
            ("ja", f"職業カードは{lim['jobs']}枚まで"), ("en", f"At most {lim['jobs']} job cards"),
            ("ja", f"その枠のアイテム{lim['privilege_removes']}個をゲームから除外"),
            ("en", f"{lim['privilege_removes']} items of that frame leave the game"),
            ("ja", f"自分の色のコマ{d.pieces_given}個"), ("en", f"{d.pieces_given} pieces of their colour"),
            ("ja", f"{d.bingo_size}×{d.bingo_size}、中央はFREE"), ("en", f"{d.bingo_size}×{d.bingo_size}, FREE centre"),
            ("ja", "data/suma.yaml"), ("en", "data/suma.yaml")]


FACTS = {"toutomi": toutomi_facts, "fuji99": fuji99_facts, "brujas": brujas_facts, "qumasu": qumasu_facts,
         "suma": suma_facts}


def test_every_playable_game_states_its_facts():
    missing = set(registry.playable_ids()) - set(FACTS)
    assert not missing, f"add the rules-text facts of {sorted(missing)} here"


def disagreements(game_id: str, facts: list) -> list[str]:
    texts = {lang: rules_text(game_id, lang) for lang in ("ja", "en")}
    wrong = []
    for lang, phrase in facts:
        found = phrase.search(texts[lang]) if isinstance(phrase, re.Pattern) else phrase in texts[lang]
        if not found:
            wrong.append(f"{game_id} [{lang}]: {getattr(phrase, 'pattern', phrase)!r}")
    return wrong


@pytest.mark.parametrize("game_id", sorted(FACTS))
def test_rules_text_states_what_the_data_says(game_id):
    wrong = disagreements(game_id, FACTS[game_id]())
    assert not wrong, "rules text and data disagree:\n" + "\n".join(wrong)


def test_edited_data_without_edited_text_is_caught(tmp_path):
    """The check can fail: a copy of the data with other counts no longer matches the text."""
    from games.fuji99.data import DATA_FILE as DATA_PATH
    from games.fuji99.data import load as load_fuji
    from games.toutomi.data import DATA_FILE
    from games.toutomi.data import load as load_toutomi
    path = tmp_path / "toutomi.yaml"
    path.write_text(DATA_FILE.read_text(encoding="utf-8").replace("burst_limit: 7", "burst_limit: 9")
                    .replace("count: 8, name: {ja: 1点", "count: 7, name: {ja: 1点"), encoding="utf-8")
    wrong = disagreements("toutomi", toutomi_facts(load_toutomi(path)))
    assert any("許容値の9" in w for w in wrong) and any("1点×7" in w for w in wrong)
    path = tmp_path / "fuji99.yaml"
    raw = DATA_PATH.read_text(encoding="utf-8")
    path.write_text(raw.replace("    cost: 3\n    value: 4\n    copies: 1\n    clear: 3",
                                "    cost: 3\n    value: 4\n    copies: 1\n    clear: 2"), encoding="utf-8")
    wrong = disagreements("fuji99", fuji99_facts(load_fuji(path)))
    assert any("Shortcut (cost 3, 2 clear" in w for w in wrong)
