// The table: the round, the fee, the pot, the phase and the action deck (K32); every other
// seat with its chips, its row (face down once it is out, K20-K21), its hand's size, the
// start player's marker and, while sealed cards are asked for, who has laid one.

import { t, words } from "../i18n.js";
import { h } from "../../../ui/dom.js";
import { cardBack, cardFace } from "./card.js";

// A computer seat is numbered: up to seven of them may share a level.
export function seatName(seat, me) {
  if (seat.seat === me) return t("you");
  const level = seat.level ? ` ${seat.level.replace("_", " ").toUpperCase()}` : "";
  return `${seat.name ?? `${t("cpu")}${seat.seat}`}${level}`;
}

export function badges(view, seat) {
  const sealing = view.sealing && view.status === "active";
  return [
    view.start_seat === seat.seat && h("span", { class: "badge start" }, t("start")),
    seat.out === "bust" && h("span", { class: "badge bust" }, t("bust")),
    seat.out === "give_up" && h("span", { class: "badge out" }, t("gaveUp")),
    sealing && view.awaiting.includes(seat.seat) && h("span", { class: "badge choosing" }, t("choosing")),
    sealing && seat.chosen && h("span", { class: "badge chosen" }, t("chosen")),
  ];
}

// A row as the table shows it: face up in the order laid, or all backs once the seat is out.
export function rowOf(seat, { small = false } = {}) {
  if (seat.out) return h("div", { class: "cards row down" }, [...seat.row, ...seat.stacked].map(() => cardBack({ small })));
  return h(
    "div",
    { class: "cards row" },
    seat.row.map((n) => cardFace(n, { small })),
    seat.stacked.length > 0 && h("span", { class: "stacked" }, t("stacked", { cards: seat.stacked.join(" ") })),
  );
}

function seatPanel(view, seat, me) {
  const acting = view.to_move === seat.seat;
  return h(
    "section",
    { class: `seat other${acting ? " acting" : ""}${seat.in_round ? "" : " gone"}`, dataset: { seat: seat.seat } },
    h(
      "header",
      { class: "seat-line" },
      h("span", { class: "name" }, seatName(seat, me)),
      badges(view, seat),
      h("span", { class: "chips", dataset: { chips: seat.chips } }, t("chips", { n: seat.chips })),
    ),
    rowOf(seat, { small: true }),
    h("span", { class: "hand-size" }, t("handSize", { n: seat.hand_size })),
  );
}

// The other seats, clockwise from the player's left.
export function opponents(view, me) {
  const count = view.seats.length;
  const others = [];
  for (let step = 1; step < count; step++) others.push(view.seats[(me + step) % count]);
  return h("div", { class: `others n${count}`, id: "others" }, others.map((seat) => seatPanel(view, seat, me)));
}

// The news of the round: the openings turned up and who starts (K10-K12, K27).
function news(view, round, me) {
  if (!round) return null;
  const lines = [];
  if (round.openings) {
    const cards = round.openings.map((n, seat) => `${seatName(view.seats[seat], me)} ${n}`).join(", ");
    lines.push(t("openings", { cards }));
  }
  const tiebreak = round.tiebreaks.at(-1);
  if (tiebreak) {
    const shown = tiebreak.seats.map((seat, index) => `${seatName(view.seats[seat], me)} ${tiebreak.sequences[index].join(" ")}`);
    lines.push(t("tiebreakShown", { step: tiebreak.step, rows: shown.join(", ") }));
  }
  const start = round.starts.at(-1);
  if (start) lines.push(startLine(view, start, me));
  return lines.length ? h("p", { class: "news", id: "news" }, lines.join(" · ")) : null;
}

export function startLine(view, start, me) {
  const template = words("startsBy")[start.by] ?? "{name}";
  return template.replace("{name}", seatName(view.seats[start.seat], me));
}

export function centre(view, record, me) {
  const round = record.rounds.at(-1);
  const counts = [t("round", { n: view.round, of: view.rounds }), t("fee", { n: view.fee })];
  if (view.action_phase) counts.push(t("phase", { n: view.action_phase }), t("actionDeck", { n: view.action_deck_size }));
  else counts.push(t("roundDeck", { n: view.round_deck_size }));
  return h(
    "section",
    { class: "centre", id: "centre" },
    h("strong", { class: "pot", id: "pot", dataset: { pot: view.pot } }, t("pot", { n: view.pot })),
    h("div", { class: "counts" }, counts.join(" · ")),
    view.shortfall && h("p", { class: "warning", id: "last-round" }, t("lastRound")),
    news(view, round?.round === view.round ? round : null, me),
  );
}
