import http from "k6/http";
import { HTTP_BASE } from "./env.js";

const JSON_HEADERS = { headers: { "content-type": "application/json" }, tags: { name: "admin" } };

function must(res, what) {
  if (res.status < 200 || res.status >= 300) throw new Error(`${what}: HTTP ${res.status} ${res.body}`);
  return res;
}

export function createTopic(topic) {
  must(http.put(`${HTTP_BASE}/admin/topics/${topic}`, null, JSON_HEADERS), `create topic ${topic}`);
}

export function createSubscription(sub, topic, options = {}) {
  must(
    http.put(`${HTTP_BASE}/admin/subscriptions/${sub}`, JSON.stringify({ topic, ...options }), JSON_HEADERS),
    `create subscription ${sub}`,
  );
}

/** Deletes quietly: cleanup must not fail a step whose figures are already taken. */
export function deleteTopic(topic) {
  http.del(`${HTTP_BASE}/admin/topics/${topic}`, null, JSON_HEADERS);
}

export function deleteSubscription(sub) {
  http.del(`${HTTP_BASE}/admin/subscriptions/${sub}`, null, JSON_HEADERS);
}

export function stats() {
  return must(http.get(`${HTTP_BASE}/admin/stats`, JSON_HEADERS), "stats").json();
}

export async function statsAsync() {
  return must(await http.asyncRequest("GET", `${HTTP_BASE}/admin/stats`, null, JSON_HEADERS), "stats").json();
}

/** A name no other step or run uses, so steps against one long-lived service never collide. */
export function uniqueName(prefix) {
  return `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;
}
