// The showdown of one round (R12-R13): every seat's five cards as placed, both hands named and
// ranked, the life changes and eliminations; then "next round", or the end of the match.

import { evaluate } from "../cards.js";
import { handName, t } from "../i18n.js";
import { livesAfter, sideDelta } from "../history.js";
import { cardFace } from "./card.js";
import { h } from "../../../ui/dom.js";
import { seatName } from "./table.js";

export function signed(delta) {
  return delta > 0 ? `+${delta}` : String(delta);
}

function sideLine(round, side, seat) {
  const showdown = round.showdowns[side];
  const placed = showdown && showdown.placed[seat];
  if (!placed) return null; // out before this side, or no down side was played
  const hand = evaluate(placed.map((card) => card[side === "up" ? 0 : 1]));
  const place = showdown.ranking.indexOf(seat) + 1;
  const delta = sideDelta(round, seat, side);
  return h(
    "div",
    { class: `side-line ${side}`, dataset: { category: hand.category } },
    h(
      "div",
      { class: "side-head" },
      h("span", { class: "side" }, t(side)),
      h("span", { class: `place${place === 1 ? " first" : ""}` }, t("rankOf", { n: place })),
      delta !== 0 && h("span", { class: `delta ${delta > 0 ? "gain" : "loss"}` }, signed(delta)),
    ),
    h("div", { class: "hand-label" }, handName(hand)),
  );
}

function seatResult(round, seat, me, seats) {
  const up = round.showdowns.up;
  const after = livesAfter(round)[seat];
  const out = round.eliminated.find((event) => event.seat === seat);
  return h(
    "section",
    { class: `result${seat === me ? " me" : ""}${out ? " out" : ""}`, dataset: { seat } },
    h(
      "header",
      {},
      h("span", { class: "name" }, seatName(seats[seat], me)),
      h(
        "span",
        { class: "life-change" },
        h("span", { class: "heart", "aria-hidden": "true" }, "♥"),
        `${round.livesBefore[seat]} → ${after}`,
      ),
      out && h("span", { class: "badge" }, t("outIn", { side: t(out.side) })),
    ),
    h(
      "div",
      { class: "cards" },
      up.placed[seat].map((card) => cardFace(card, { small: true })),
    ),
    h("div", { class: "side-lines" }, sideLine(round, "up", seat), sideLine(round, "down", seat)),
  );
}

// act.next: the "next round" button's action; without it the screen has no button (the
// match is over and the end screen says what comes next).
export function showdownScreen(round, { me, seats, act }) {
  const inShowdown = round.turnOrder.filter((seat) => round.showdowns.up.placed[seat]);
  return h(
    "div",
    { class: "showdown", id: "showdown" },
    h("h2", {}, t("showdown", { n: round.round })),
    inShowdown.map((seat) => seatResult(round, seat, me, seats)),
    act.next &&
      h(
        "div",
        { class: "buttons" },
        h("button", { class: "primary", id: "next-round", onclick: act.next }, t("nextRound")),
      ),
  );
}
