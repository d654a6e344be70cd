// The end of a match (R6): the winner, everyone's finishing place, "play again" and "top".

import { t } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { seatName } from "./table.js";

export function endScreen(view, { me, act }) {
  const winner = view.seats[view.winner];
  const byPlace = [...view.seats].sort((a, b) => a.place - b.place);
  return h(
    "div",
    { class: "end", id: "end" },
    h(
      "h2",
      { id: "winner" },
      view.winner === me ? t("youWin") : t("winner", { name: seatName(winner, me) }),
    ),
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
