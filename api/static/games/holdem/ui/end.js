// The end of a match (H42): the winner, every seat's place, "play again" and "top".

import { seatName, t } from "../i18n.js";
import { h } from "../../../ui/dom.js";

export function endScreen(view, { me, act }) {
  const places = view.outcome?.places ?? view.seats.map((seat) => seat.place);
  const order = view.seats.slice().sort((a, b) => places[a.seat] - places[b.seat]);
  const winner = view.outcome?.winner ?? view.winner;
  return h(
    "div",
    { class: "end", id: "end" },
    h("h2", { id: "winner" }, winner === me ? t("youWin") : t("winner", { name: seatName(view.seats[winner], me) })),
    h("h3", {}, t("finalStacks")),
    h("ol", { class: "places" }, order.map((seat) => h("li", { class: seat.seat === me ? "me" : "" }, `${t("place", { n: places[seat.seat] })} ${seatName(seat, me)}: ${seat.stack}`))),
    h(
      "div",
      { class: "buttons" },
      h("button", { class: "primary", id: "play-again", onclick: act.playAgain }, t("playAgain")),
      h("button", { id: "top", onclick: act.top }, t("top")),
    ),
  );
}
