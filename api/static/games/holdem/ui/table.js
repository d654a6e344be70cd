// The table: every other seat (stack, bet, position, state, cards as this seat may see
// them), and the middle: the hand, the blinds, the board and the pots (H48, H49).

import { cardRow } from "../cards.js";
import { seatName, t, words } from "../i18n.js";
import { h } from "../../../ui/dom.js";

function positions(view, seat) {
  return [
    view.button === seat.seat && h("span", { class: "badge button" }, t("button")),
    view.small_blind_seat === seat.seat && h("span", { class: "badge" }, t("smallBlind")),
    view.big_blind_seat === seat.seat && h("span", { class: "badge" }, t("bigBlind")),
  ];
}

function state(view, seat, me) {
  if (seat.place !== null && view.status === "active") return t("out", { n: seat.place });
  if (awaited(view) === seat.seat && seat.seat !== me) return t("acting");
  if (seat.all_in) return t("allIn");
  if (!seat.in_hand && view.hand > 0) return t("folded");
  return "";
}

export function awaited(view) {
  return view.to_act ?? view.asked ?? null;
}

// A seat's line: name, positions, stack, this round's bet and what it is doing.
export function seatLine(view, seat, me) {
  return h(
    "header",
    { class: "seat-line" },
    h("span", { class: "name" }, seatName(seat, me)),
    positions(view, seat),
    h("span", { class: "stack", dataset: { stack: seat.stack } }, t("stack", { n: seat.stack })),
    seat.bet > 0 && h("span", { class: "bet" }, t("bet", { n: seat.bet })),
    h("span", { class: "state" }, state(view, seat, me)),
  );
}

export function opponents(view, me) {
  return h(
    "section",
    { class: "opponents", id: "opponents" },
    view.seats
      .filter((seat) => seat.seat !== me)
      .map((seat) =>
        h(
          "div",
          {
            class: ["seat", "opponent", awaited(view) === seat.seat && "acting", !seat.in_hand && "out"].filter(Boolean).join(" "),
            dataset: { seat: seat.seat },
          },
          seatLine(view, seat, me),
          seat.in_hand && h("div", { class: "hole" }, cardRow(seat.cards ?? [], { small: true })),
        ),
      ),
  );
}

function potsLine(view) {
  const pots = view.pots.map((pot, index) => (index === 0 ? t("pots", { main: pot.amount }) : t("side", { i: index, n: pot.amount })));
  return h("div", { class: "pots", id: "pots" }, h("strong", {}, t("pot", { n: view.pot })), pots.length > 1 && ` (${pots.join(", ")})`);
}

export function centre(view) {
  const street = view.street ? words("streets")[view.street] : "";
  return h(
    "section",
    { class: "centre", id: "centre" },
    h("div", { class: "counts" }, [t("hand", { n: view.hand }), t("blinds", { small: view.small_blind, big: view.big_blind }), street].filter(Boolean).join(" · ")),
    h("div", { class: "board", id: "board" }, cardRow(view.board)),
    potsLine(view),
  );
}
