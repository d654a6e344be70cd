// The end of the match (K29-K30): the winner or the winners of a shared victory, the final
// chips, the pot's remainder, "play again" and "top".

import { t } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { seatName } from "./table.js";

export function endScreen(view, { me, act }) {
  const winners = view.winners ?? [];
  const names = winners.map((seat) => seatName(view.seats[seat], me)).join(", ");
  const ranked = [...view.seats].sort((a, b) => b.chips - a.chips);
  return h(
    "div",
    { class: "end", id: "end" },
    h("h2", { id: "winner" }, winners.includes(me) && winners.length === 1 ? t("youWin") : t("winner", { names })),
    winners.length > 1 && h("p", { class: "shared" }, t("sharedWin")),
    h("h3", {}, t("finalChips")),
    h("ol", { class: "scores" }, ranked.map((seat) => h("li", { class: seat.seat === me ? "me" : "" }, `${seatName(seat, me)}: ${seat.chips}`))),
    view.pot > 0 && h("p", { class: "hint" }, t("potLeft", { n: view.pot })),
    h(
      "div",
      { class: "buttons" },
      h("button", { class: "primary", id: "play-again", onclick: act.playAgain }, t("playAgain")),
      h("button", { id: "top", onclick: act.top }, t("top")),
    ),
  );
}
