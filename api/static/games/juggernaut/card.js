// The page /card/ (docs/rules/juggernaut.md J43): one person against three computer
// players, balanced by the address's query read the forgiving way of J6. It shows the values
// in force and the rules, creates the match with them, and hands it to the shell ("/"),
// which plays it and resumes it after a reload.

import { createMatch } from "../../api.js";
import { t as shell, toggleLang } from "../../i18n.js";
import { saveMatch } from "../../store.js";
import { h, replace } from "../../ui/dom.js";
import { category, t, words } from "./i18n.js";
import { PARAMS, fromQuery } from "./params.js";

const $ = (id) => document.getElementById(id);
const LEVELS = ["easy", "normal", "hard"];
const CATEGORIES = [
  "five_of_a_kind", "royal_straight_flush", "straight_flush", "four_of_a_kind", "full_house",
  "flush", "straight", "three_of_a_kind", "two_pair", "one_pair", "high_card",
];
const { values, given } = fromQuery(location.search);
let level = "easy";
let busy = false;

function render() {
  $("home").textContent = t("cardPage");
  $("language").textContent = shell("language");
  replace($("app"), h("div", { class: "juggernaut card-page" }, settings(), form(), help()));
}

function settings() {
  return h(
    "section",
    { class: "step", id: "in-force" },
    h("h3", {}, t("inForce")),
    h(
      "table",
      { class: "params" },
      PARAMS.map(({ name, fallback }) =>
        h(
          "tr",
          { dataset: { param: name } },
          h("th", {}, words.texts("options")[name]),
          h("td", { class: "value" }, String(values[name])),
          h("td", { class: "muted" }, given[name] ? t("fromQuery") : `${t("byDefault")} (${fallback})`),
        ),
      ),
    ),
  );
}

function form() {
  const notes = words.texts("levelNotes");
  return h(
    "form",
    { class: "step", id: "card-start", onsubmit: start },
    h("h3", {}, t("level")),
    h(
      "div",
      { class: "buttons" },
      LEVELS.map((name) =>
        h(
          "label",
          { class: "choice" },
          h("input", { type: "radio", name: "level", value: name, id: `level-${name}`, checked: name === level, onchange: () => (level = name) }),
          h("span", {}, `${name.toUpperCase()} · ${notes[name]}`),
        ),
      ),
    ),
    h("div", { class: "buttons" }, h("button", { type: "submit", class: "primary", id: "start", disabled: busy }, t("start"))),
  );
}

function help() {
  const costs = [1, 2, 3, 4, 5].map((k) => `+${k}: ${t("cost", { n: 2 ** (k - 1) })}`).join(" · ");
  return h(
    "section",
    { class: "step", id: "help" },
    h("ul", {}, words.texts("rules").map((line) => h("li", {}, line))),
    h("p", {}, costs),
    h(
      "table",
      { class: "categories" },
      CATEGORIES.map((name, index) => h("tr", {}, h("td", {}, String(10 - index)), h("td", {}, category(name)))),
    ),
  );
}

async function start(event) {
  event.preventDefault();
  busy = true;
  render();
  try {
    const options = { ...values };
    const created = await createMatch({ game: "juggernaut", players: 4, level, options });
    const human = created.seats.find((seat) => seat.token);
    saveMatch({ matchId: created.match_id, token: human.token, seat: human.seat, game: "juggernaut", players: 4, level, options, screen: {} });
    location.assign("/#resume");
  } catch (error) {
    $("error").textContent = shell("error", { message: error.message });
    $("error").hidden = false;
    busy = false;
    render();
  }
}

$("home").addEventListener("click", () => location.assign("/"));
$("language").addEventListener("click", () => {
  toggleLang();
  render();
});

render();
