// The showdown of one round (R12-R13): every seat's five cards as placed, both hands named and
// ranked, the life changes and eliminations; then "next round", or the end of the match.
// Each seat is an item of a list, and its two hands a table (side, place, hand, life), so a
// screen reader can walk them.

import { evaluate } from "../cards.js";
import { handName, t } from "../i18n.js";
import { livesAfter, sideDelta } from "../history.js";
import { cardList } from "./card.js";
import { h } from "../../../ui/dom.js";
import { seatName } from "./table.js";

export function signed(delta) {
  return delta > 0 ? `+${delta}` : String(delta);
}

export function showdownTitle(round) {
  return t("showdown", { n: round.round });
}

function sideRow(round, side, seat) {
  const showdown = round.showdowns[side];
  const placed = showdown && showdown.placed[seat];
  if (!placed) return null; // out before this side, or no down side was played
  const hand = evaluate(placed.map((card) => card[side === "up" ? 0 : 1]));
  const place = showdown.ranking.indexOf(seat) + 1;
  const delta = sideDelta(round, seat, side);
  return h(
    "tr",
    { class: `side-line ${side}`, dataset: { category: hand.category } },
    h("th", { class: "side", scope: "row" }, t(side)),
    h("td", { class: `place${place === 1 ? " first" : ""}` }, t("rankOf", { n: place })),
    h("td", { class: "hand-label" }, handName(hand)),
    h(
      "td",
      { class: `delta${delta > 0 ? " gain" : delta < 0 ? " loss" : ""}` },
      delta !== 0 && signed(delta),
    ),
  );
}

function seatResult(round, seat, me, seats) {
  const after = livesAfter(round)[seat];
  const out = round.eliminated.find((event) => event.seat === seat);
  const name = seatName(seats[seat], me);
  const lives = `${round.livesBefore[seat]} → ${after}`;
  return h(
    "li",
    { class: `result${seat === me ? " me" : ""}${out ? " out" : ""}`, dataset: { seat } },
    h(
      "header",
      {},
      h("h3", { class: "name" }, name),
      h(
        "span",
        { class: "life-change", role: "img", "aria-label": t("lifeChange", { lives }) },
        h("span", { class: "heart", "aria-hidden": "true" }, "♥"),
        lives,
      ),
      out && h("span", { class: "badge" }, t("outIn", { side: t(out.side) })),
    ),
    cardList(round.showdowns.up.placed[seat], { small: true, label: name }),
    h(
      "table",
      { class: "side-lines" },
      h("caption", { class: "visually-hidden" }, name),
      h("tbody", {}, sideRow(round, "up", seat), sideRow(round, "down", seat)),
    ),
  );
}

// act.next: the "next round" button's action, act.skip: "skip to the end" (offered once the
// player is out and only watches); without act.next the screen has no button (the match is
// over and the end screen says what comes next).
export function showdownScreen(round, { me, seats, act }) {
  const inShowdown = round.turnOrder.filter((seat) => round.showdowns.up.placed[seat]);
  const watching = !round.showdowns.up.placed[me];
  return h(
    "section",
    { class: "showdown", id: "showdown", dataset: { round: round.round } },
    h(
      "h2",
      { tabindex: "-1", "data-autofocus": act.next && `showdown-${round.round}` },
      showdownTitle(round),
    ),
    watching && h("p", { class: "notice watching" }, t("watching")),
    h(
      "ol",
      { class: "results" },
      inShowdown.map((seat) => seatResult(round, seat, me, seats)),
    ),
    act.next &&
      h(
        "div",
        { class: "buttons" },
        h("button", { class: "primary", id: "next-round", onclick: act.next }, t("nextRound")),
        act.skip && h("button", { id: "skip-to-end", onclick: act.skip }, t("skipToEnd")),
      ),
  );
}
