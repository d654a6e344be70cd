// The end of the match (J40, J40a): the winner, every seat's place and coins.

import { seatName, t } from "../i18n.js";
import { h } from "../../../ui/dom.js";

export function endScreen(view, me, { playAgain, top }) {
  const order = view.seats.slice().sort((a, b) => view.places[a.seat] - view.places[b.seat]);
  return h(
    "section",
    { class: "end", id: "end" },
    h("h2", {}, view.winner === me ? t("youWin") : t("winner", { name: seatName(view.seats[view.winner], me) })),
    h(
      "ol",
      { class: "places" },
      order.map((seat) => h("li", { dataset: { seat: seat.seat } }, `${seatName(seat, me)} · ${t("finalCoins", { silver: seat.silver, gold: seat.gold })}`)),
    ),
    h(
      "div",
      { class: "buttons" },
      h("button", { type: "button", class: "primary", id: "play-again", onclick: playAgain }, t("playAgain")),
      h("button", { type: "button", id: "top", onclick: top }, t("top")),
    ),
  );
}
