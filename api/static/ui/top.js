// The top page: number of players and level, "start", and "continue" for a saved match.

import { t, texts } from "../i18n.js";
import { h } from "./dom.js";

const LEVELS = ["easy", "normal", "hard", "insane", "hate_you"];

// A phone held upright fits four seats at most (the source's site offers 3-4 there).
const narrow = window.matchMedia("(max-width: 600px)");

function maxPlayers() {
  return narrow.matches ? 4 : 5;
}

// choice: { players, level }; act: { start(players, level), choose(choice), resume() };
// canResume: a saved match.
export function topScreen({ choice, canResume, busy, act }) {
  const players = Math.min(choice.players, maxPlayers());
  const playerOptions = [3, 4, 5].map((n) =>
    h(
      "label",
      { class: `choice${n > maxPlayers() ? " unavailable" : ""}` },
      h("input", {
        type: "radio",
        name: "players",
        value: n,
        checked: n === players,
        disabled: n > maxPlayers(),
        onchange: () => act.choose({ players: n, level: choice.level }),
      }),
      h("span", {}, String(n)),
    ),
  );
  const levelOptions = LEVELS.map((level) =>
    h(
      "label",
      { class: "choice" },
      h("input", {
        type: "radio",
        name: "level",
        value: level,
        checked: level === choice.level,
        onchange: () => act.choose({ players, level }),
      }),
      h("span", {}, level.replace("_", " ").toUpperCase()),
    ),
  );
  const start = (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    act.start(Number(form.get("players")), form.get("level"));
  };
  return h(
    "form",
    { class: "top", id: "top-page", onsubmit: start },
    h("h1", {}, t("title")),
    h("p", { class: "tagline" }, t("tagline")),
    h("fieldset", { class: "players" }, h("legend", {}, t("players")), playerOptions),
    h(
      "fieldset",
      { class: "levels" },
      h("legend", {}, t("level")),
      levelOptions,
      h("p", { class: "level-note", id: "level-note" }, texts("levelNotes")[choice.level]),
    ),
    h(
      "div",
      { class: "buttons column" },
      h("button", { type: "submit", class: "primary", id: "start", disabled: busy }, t("start")),
      canResume &&
        h(
          "button",
          { type: "button", id: "continue", onclick: act.resume, disabled: busy },
          t("continue"),
        ),
    ),
    h(
      "details",
      { class: "how-to" },
      h("summary", {}, t("howTo")),
      h(
        "ul",
        {},
        texts("rules").map((line) => h("li", {}, line)),
      ),
    ),
  );
}
