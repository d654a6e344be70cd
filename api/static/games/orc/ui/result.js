// A round's end (K22, K26, K28): who took the pot or shared it, each seat's chips before and
// after, how each one left the round; then the next round.

import { moveText, t } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { seatName } from "./table.js";

function awardLine(round, seats, me) {
  const award = round.award;
  if (!award) return null;
  const names = award.seats.map((seat) => seatName(seats[seat], me));
  if (award.reason === "last_player") return t("takesPot", { name: names[0], n: award.amount });
  return t("split", { names: names.join(", "), n: award.amount, rest: award.remainder });
}

function exit(round, seat) {
  const left = round.moves.filter((move) => move.seat === seat && (move.kind === "bust" || move.kind === "give_up")).at(-1);
  return left ? moveText(left) : "";
}

export function roundResult(round, { seats, me, act }) {
  const after = round.ended?.chips ?? [];
  return h(
    "section",
    { class: "round-result", id: "round-result", dataset: { round: round.round } },
    h("h2", {}, t("roundResult", { n: round.round })),
    h("p", { class: "verdict", id: "verdict" }, awardLine(round, seats, me)),
    h(
      "ul",
      { class: "chip-changes" },
      seats.map((seat) => {
        const before = round.chipsBefore?.[seat.seat];
        const delta = after[seat.seat] - before;
        return h(
          "li",
          { class: seat.seat === me ? "me" : "", dataset: { seat: seat.seat } },
          h("span", { class: "name" }, seatName(seat, me)),
          h("span", { class: "exit" }, exit(round, seat.seat)),
          h("span", { class: `delta ${delta > 0 ? "gain" : delta < 0 ? "loss" : ""}` }, `${before} → ${after[seat.seat]}`),
        );
      }),
    ),
    round.ended?.shortfall && h("p", { class: "warning" }, t("lastRound")),
    act.next && h("button", { class: "primary", id: "next-round", onclick: act.next }, t("nextRound")),
  );
}
