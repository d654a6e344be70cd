// The other seats around the table: name, life, what they are doing, and their cards as this
// seat may see them (dealt cards are public, drawn cards face down until the showdown).

import { t } from "../i18n.js";
import { cardList } from "./card.js";
import { h } from "../../../ui/dom.js";

export function seatName(seat, me) {
  if (seat.seat === me) return t("you");
  return t("npc", { n: seat.seat });
}

function seatLevel(seat) {
  return seat.level ? seat.level.replace("_", " ").toUpperCase() : "";
}

function status(view, seat) {
  if (seat.eliminated) return t("statusOut");
  if (view.phase === "exchange") {
    if (seat.exchanged) return t("statusExchanged", { n: seat.exchanged_count });
    return view.to_act === seat.seat ? t("statusTurn") : t("statusWaiting");
  }
  if (view.phase === "orientation") {
    return seat.orientation_in ? t("statusPlaced") : t("statusChoosing");
  }
  return "";
}

export function lifePips(life) {
  return h(
    "span",
    { class: "life", role: "img", title: t("life", { n: life }), "aria-label": t("life", { n: life }) },
    h("span", { class: "heart", "aria-hidden": "true" }, "♥"),
    String(life),
  );
}

// One other seat; `fresh` marks a seat whose exchange has just come in on the stream.
function seatPanel(view, seat, me, fresh) {
  const classes = ["seat"];
  if (seat.eliminated) classes.push("out");
  if (view.to_act === seat.seat) classes.push("acting");
  if (fresh) classes.push("fresh");
  return h(
    "section",
    { class: classes.join(" "), dataset: { seat: seat.seat } },
    h(
      "header",
      {},
      h("span", { class: "name" }, seatName(seat, me)),
      seat.level && h("span", { class: "level" }, seatLevel(seat)),
      view.start_seat === seat.seat && startBadge(),
      lifePips(seat.life),
    ),
    h("div", { class: "status" }, status(view, seat)),
    h(
      "div",
      { class: "seat-cards" },
      !seat.eliminated && cardList(seat.cards, { small: true, label: seatName(seat, me) }),
      seat.discarded.length > 0 &&
        h(
          "div",
          { class: "discards" },
          h("span", { class: "discards-label", "aria-hidden": "true" }, t("discarded")),
          cardList(seat.discarded, { small: true, label: t("discarded") }),
        ),
    ),
  );
}

// The start seat exchanges first and wins ties (R8, R15).
export function startBadge() {
  return h("span", { class: "start-badge" }, t("startSeat"));
}

// The middle of the table: the round and the deck, public to all (R14). It heads the table,
// and takes the focus when a round's exchange begins.
export function tableCentre(view) {
  return h(
    "h2",
    {
      class: "center",
      id: "centre",
      tabindex: "-1",
      "data-autofocus": view.phase === "exchange" && `centre-${view.round}`,
    },
    [t("round", { n: view.round }), t("deck", { n: view.deck_count })].join(" · "),
  );
}

export function table(view, me, freshSeats = new Set()) {
  return h(
    "div",
    { class: "table" },
    view.seats
      .filter((seat) => seat.seat !== me)
      .map((seat) => seatPanel(view, seat, me, freshSeats.has(seat.seat))),
  );
}
