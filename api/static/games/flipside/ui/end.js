// The end of a match (R6): the winner, the round the person went out in, everyone's finishing
// place, "play again" and "top".

import { t } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { seatName } from "./table.js";

// The round and side in which seat `me` went out ({ round, side }), or null.
export function outRound(rounds, me) {
  for (const round of rounds) {
    const out = round.eliminated.find((event) => event.seat === me);
    if (out) return { round: round.round, side: out.side };
  }
  return null;
}

// out: outRound of the person, or null when they lasted to the end.
export function endScreen(view, { me, out, act }) {
  const winner = view.seats[view.winner];
  const byPlace = [...view.seats].sort((a, b) => a.place - b.place);
  return h(
    "section",
    { class: "end", id: "end" },
    h(
      "h2",
      { id: "winner", tabindex: "-1", "data-autofocus": "end" },
      view.winner === me ? t("youWin") : t("winner", { name: seatName(winner, me) }),
    ),
    out &&
      h("p", { class: "went-out", id: "went-out" }, t("wentOut", { n: out.round, side: t(out.side).toLowerCase() })),
    h("h3", {}, t("places")),
    h(
      "ol",
      { class: "places" },
      byPlace.map((seat) => h("li", { class: seat.seat === me ? "me" : "" }, seatName(seat, me))),
    ),
    h(
      "div",
      { class: "buttons" },
      h("button", { class: "primary", id: "play-again", onclick: act.playAgain }, t("playAgain")),
      h("button", { id: "top", onclick: act.top }, t("top")),
    ),
  );
}
