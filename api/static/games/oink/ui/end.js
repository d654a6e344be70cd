// The end of a match (O10): the winner, the final scores, "play again" and "top".

import { t } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { seatName } from "./table.js";

export function endScreen(view, { me, act }) {
  return h(
    "div",
    { class: "end", id: "end" },
    h("h2", { id: "winner" }, view.winner === me ? t("youWin") : t("winner", { name: seatName(view.seats[view.winner], me) })),
    h("h3", {}, t("finalScore")),
    h("ol", { class: "scores" }, view.seats.map((seat) => h("li", { class: seat.seat === me ? "me" : "" }, `${seatName(seat, me)}: ${seat.score}`))),
    h(
      "div",
      { class: "buttons" },
      h("button", { class: "primary", id: "play-again", onclick: act.playAgain }, t("playAgain")),
      h("button", { id: "top", onclick: act.top }, t("top")),
    ),
  );
}
