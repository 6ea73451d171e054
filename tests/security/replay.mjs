#!/usr/bin/env node
// Replays what the outside review of issue 11 found against a running API and prints what came
// back. Plain Node (18+: global fetch), nothing to install.
//
//   API_ORIGIN=http://localhost:4000 node tests/security/replay.mjs            # every probe
//   node tests/security/replay.mjs rate-limit-bypass code-farming               # some of them
//
// Settings (environment): API_ORIGIN (default http://localhost:4000); WEB_ORIGIN, sent as the
// Origin of auth calls as the web app's pages do (default http://localhost:3000; an attacker's
// script sets any Origin it likes); REPLAY_EMAIL and REPLAY_PASSWORD, a verified account (default
// the demo cast's anna@demo.verified.local / demo-password-2026, seeded by `npm start` or
// `npm run seed`). Mind that the probes do what an
// attacker would: the account's sign-in stays locked for a while afterwards (that is the fix).
//
// Each probe is one entry of `probes` below: a name, what it replays, what a fixed API answers,
// and `run(context)` returning a summary object (status counts and the like). Add a probe by
// adding an entry; the runner prints every summary as JSON and exits 0 (it reports, it does not judge).

const apiOrigin = (process.env.API_ORIGIN ?? "http://localhost:4000").replace(/\/+$/, "");
const webOrigin = (process.env.WEB_ORIGIN ?? "http://localhost:3000").replace(/\/+$/, "");
const email = process.env.REPLAY_EMAIL ?? "anna@demo.verified.local";
const password = process.env.REPLAY_PASSWORD ?? "demo-password-2026";

/** One call to the API; never throws (a network failure is status 0). */
async function call(method, path, { body, headers = {} } = {}) {
  try {
    const response = await fetch(`${apiOrigin}${path}`, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json", origin: webOrigin }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    let json = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (an HTML page, a proxy's error).
    }
    return { status: response.status, json, text, headers: response.headers };
  } catch (error) {
    return { status: 0, json: null, text: String(error), headers: new Headers() };
  }
}

/** `{ "401": 10, "429": 40 }` */
function countStatuses(results) {
  const counts = {};
  for (const result of results) counts[result.status] = (counts[result.status] ?? 0) + 1;
  return counts;
}

/** `{ "request_invalidCredentials": 10, ... }` from `{error:{code}}` bodies. */
function countCodes(results) {
  const counts = {};
  for (const result of results) {
    const code = result.json?.error?.code ?? result.json?.code ?? (result.status < 400 ? "ok" : "none");
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

let addressCounter = 0;
/** A fresh client address for X-Forwarded-For (what the bypass relied on). */
function freshAddress() {
  addressCounter += 1;
  return `198.18.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`;
}

const context = { apiOrigin, webOrigin, email, password, call, countStatuses, countCodes, freshAddress };

export const probes = [
  {
    name: "rate-limit-bypass",
    replays: "50 wrong passwords for one account, each with a fresh X-Forwarded-For; then the right one",
    fixed:
      "429s once the account's failures pass the per-email limit, whatever the address; the right password waits too",
    async run({ call, countStatuses, countCodes, freshAddress, email, password }) {
      const wrong = [];
      for (let i = 0; i < 50; i++) {
        wrong.push(
          await call("POST", "/api/auth/sign-in/email", {
            body: { email, password: `not-the-password-${i}` },
            headers: { "x-forwarded-for": freshAddress() },
          }),
        );
      }
      const right = await call("POST", "/api/auth/sign-in/email", {
        body: { email, password },
        headers: { "x-forwarded-for": freshAddress() },
      });
      const firstRefused = wrong.findIndex((result) => result.status === 429);
      return {
        wrongPasswords: countStatuses(wrong),
        wrongPasswordCodes: countCodes(wrong),
        firstRefusedAt: firstRefused === -1 ? null : firstRefused + 1,
        retryAfterSeconds: wrong
          .filter((r) => r.status === 429)
          .map((r) => Number(r.headers.get("retry-after")))
          .slice(0, 5),
        rightPasswordAfterwards: {
          status: right.status,
          code: right.json?.error?.code ?? "ok",
          // A 200 is a session (the cookie; this script sends an Origin, so no token: decision 0015).
          signedIn: right.status === 200,
        },
      };
    },
  },
  {
    name: "code-farming",
    replays:
      "email-verification codes asked for a verified account (fresh X-Forwarded-For each), then verify-email with them",
    fixed: "the code requests answer success but mail nothing; no verify-email returns a session",
    async run({ call, countStatuses, countCodes, freshAddress, email }) {
      const since = new Date(Date.now() - 1000).toISOString();
      const sends = [];
      for (let i = 0; i < 10; i++) {
        sends.push(
          await call("POST", "/api/auth/email-otp/send-verification-otp", {
            body: { email },
            headers: { "x-forwarded-for": freshAddress() },
          }),
        );
      }
      // The dev outbox (development without SMTP, loopback only) shows what was mailed.
      const outbox = await call("GET", `/api/dev/outbox?to=${encodeURIComponent(email)}&limit=50`);
      const mailed =
        outbox.status === 200
          ? (outbox.json?.data ?? []).filter((item) => item.createdAt >= since && /^\d{6}$/m.test(item.text))
          : null;
      const codes = (mailed ?? []).map((item) => /^(\d{6})$/m.exec(item.text)?.[1]).filter(Boolean);
      // With no code to read, guesses still show whether verify-email would sign in.
      const tries = codes.length > 0 ? codes : ["000000", "123456", "111111"];
      const verifies = [];
      for (const code of tries) {
        verifies.push(
          await call("POST", "/api/auth/email-otp/verify-email", {
            body: { email, code },
            headers: { "x-forwarded-for": freshAddress() },
          }),
        );
      }
      return {
        codeRequests: countStatuses(sends),
        codeRequestCodes: countCodes(sends),
        codesMailed: mailed === null ? `outbox not readable (${outbox.status})` : mailed.length,
        verifyTriedWith: codes.length > 0 ? "mailed codes" : "guesses",
        verifies: countStatuses(verifies),
        verifyCodes: countCodes(verifies),
        // A 200 signs in (by the cookie: the script sends an Origin, so the token stays out).
        sessionsObtained: verifies.filter((result) => result.status === 200).length,
      };
    },
  },
  // Issue 11 item 18 (bad input answers 4xx in the catalogue's shape): NUL bytes, impossible cursors.
  {
    name: "nul-inputs",
    replays:
      "a NUL byte in post content, article title, comment body, about, report description, search and a profile URL; paths that are not UTF-8; an over-long path parameter and request line (API and, when WEB_ORIGIN answers, the web app)",
    fixed:
      "every answer a 4xx with {error:{code,message}} (422 request_validationFailed for the NUL fields, 400/414/431 for the framework's refusals, the 404 page on the web), never a 500",
    async run(context) {
      const { call } = context;
      const NUL = "\u0000";
      const auth = await inputProbeSession(context);
      const anna = "anna.kowalski";
      const listed = await call("GET", `/api/v2/profiles/${anna}/content?tab=feed`);
      const postId =
        listed.json?.data?.find?.((item) => item.type?.id === "post")?.id ?? listed.json?.data?.[0]?.id;
      const probesSent = {
        postContent: await call("POST", "/api/v1/content", {
          body: { kind: "post", content: `Hi${NUL}there` },
          headers: auth.headers,
        }),
        articleTitle: await call("POST", "/api/v1/content", {
          body: { kind: "article", title: `Title${NUL}`, content: "<p>Body</p>" },
          headers: auth.headers,
        }),
        commentBody: await call("POST", `/api/v1/content/${postId ?? "unknown"}/comments`, {
          body: { body: `Nice${NUL}post` },
          headers: auth.headers,
        }),
        about: await call("PATCH", "/api/v1/users/me/general-info", {
          body: { about: `About${NUL}me` },
          headers: auth.headers,
        }),
        reportDescription: await call("POST", "/api/v1/reports", {
          body: {
            targetType: "content",
            targetId: postId ?? "unknown",
            reason: "other",
            description: `Bad${NUL}`,
          },
          headers: auth.headers,
        }),
        search: await call("GET", "/api/v1/search?search=ab%00cd"),
        profileUrl: await call("GET", `/api/v2/profiles/${anna}%00`),
        pathNotUtf8: await call("GET", "/api/v2/profiles/%C0%AF"),
        pathBadByte: await call("GET", "/api/v2/profiles/%FF"),
        overLongParameter: await call("GET", `/api/v2/profiles/${"a".repeat(300)}`),
        overLongRequestLine: await call("GET", `/api/health?pad=${"a".repeat(70_000)}`),
      };
      const answers = {};
      for (const [name, result] of Object.entries(probesSent)) answers[name] = inputProbeAnswer(result);
      const web = {};
      for (const path of ["/%00", "/a%00b", "/%C0%AF", "/%FF", "/%E0%A4%A", "/%25", "/_next/%FF"]) {
        try {
          const response = await fetch(`${context.webOrigin}${path}`, {
            redirect: "manual",
            signal: AbortSignal.timeout(20_000),
          });
          await response.arrayBuffer();
          web[path] = response.status;
        } catch (error) {
          web[path] = `no answer (${error?.cause?.code ?? error?.name ?? "error"})`;
        }
      }
      const all = Object.values(answers);
      return {
        signedInAs: auth.summary,
        answers,
        apiServerErrors: all.filter((answer) => answer.status >= 500 || answer.status === 0).length,
        apiAnswersWithoutCatalogueShape: all.filter((answer) => !answer.catalogueShape).length,
        web,
      };
    },
  },
  {
    name: "impossible-cursor",
    replays:
      "page cursors naming impossible dates (30 February, month 13, hour 25, offset +99, year 0) or an id with a NUL, on the keyset lists",
    fixed: "422 request_validationFailed on every list, never a 500",
    async run(context) {
      const { call, countStatuses, countCodes } = context;
      const auth = await inputProbeSession(context);
      const anna = "anna.kowalski";
      const listed = await call("GET", `/api/v2/profiles/${anna}/content?tab=feed`);
      const postId = listed.json?.data?.[0]?.id ?? "unknown";
      const cursors = [
        "2024-02-30 10:00:00+00|x",
        "2024-13-01 10:00:00+00|x",
        "2024-01-01 25:00:00+00|x",
        "2024-01-01 10:00:00+99|x",
        "0000-01-01 10:00:00+00|x",
        "2024-01-01 10:00:00+00|x\u0000",
      ].map((text) => Buffer.from(text).toString("base64url"));
      const lists = {
        profileContent: `/api/v2/profiles/${anna}/content`,
        followers: `/api/v1/profiles/${anna}/followers`,
        following: `/api/v1/profiles/${anna}/following`,
        comments: `/api/v1/content/${postId}/comments`,
        reactions: `/api/v1/content/${postId}/reactions`,
        feed: "/api/v1/feed",
        notifications: "/api/v1/notifications",
      };
      const results = {};
      let serverErrors = 0;
      for (const [name, path] of Object.entries(lists)) {
        const answers = [];
        for (const cursor of cursors)
          answers.push(await call("GET", `${path}?cursor=${cursor}`, { headers: auth.headers }));
        serverErrors += answers.filter((answer) => answer.status >= 500 || answer.status === 0).length;
        results[name] = { statuses: countStatuses(answers), codes: countCodes(answers) };
      }
      return { signedInAs: auth.summary, cursorsPerList: cursors.length, lists: results, serverErrors };
    },
  },
];

/**
 * The nul-inputs and impossible-cursor probes' session: REPLAY_INPUT_EMAIL (default the demo
 * cast's priya@demo.verified.local, so that rate-limit-bypass's lockout of REPLAY_EMAIL does not
 * stand in the way), signed in once; the bearer token or the session cookie, whichever the API
 * hands out. Without one the signed-in probes still run and show the 401 they get.
 */
let inputProbeAuth;
async function inputProbeSession({ call, password }) {
  if (inputProbeAuth) return inputProbeAuth;
  const who = process.env.REPLAY_INPUT_EMAIL ?? "priya@demo.verified.local";
  const signIn = await call("POST", "/api/auth/sign-in/email", {
    body: { email: who, password: process.env.REPLAY_INPUT_PASSWORD ?? password },
  });
  const token = signIn.json?.token ?? signIn.headers.get("set-auth-token");
  const cookie = (signIn.headers.getSetCookie?.() ?? [])
    .map((line) => line.split(";")[0])
    .filter(Boolean)
    .join("; ");
  const headers = token ? { authorization: `Bearer ${token}` } : cookie ? { cookie } : {};
  inputProbeAuth = {
    headers,
    summary:
      signIn.status === 200
        ? `${who} (${token ? "bearer" : cookie ? "cookie" : "no credential"})`
        : `${who}: sign-in answered ${signIn.status}`,
  };
  return inputProbeAuth;
}

/** Status, code and the first detail of an answer, and whether it has the catalogue's shape. */
function inputProbeAnswer(result) {
  const error = result.json?.error;
  return {
    status: result.status,
    code: error?.code ?? (result.status < 400 ? "ok" : "none"),
    ...(error?.details?.[0] ? { detail: error.details[0] } : {}),
    catalogueShape:
      result.status < 400 || (typeof error?.code === "string" && typeof error?.message === "string"),
  };
}

async function main() {
  const wanted = process.argv.slice(2);
  const selected = wanted.length > 0 ? probes.filter((probe) => wanted.includes(probe.name)) : probes;
  const unknown = wanted.filter((name) => !probes.some((probe) => probe.name === name));
  if (unknown.length > 0) {
    console.error(`unknown probe(s): ${unknown.join(", ")}; known: ${probes.map((p) => p.name).join(", ")}`);
    process.exit(2);
  }
  const health = await call("GET", "/api/health");
  console.log(`replaying against ${apiOrigin} (health ${health.status}) as ${email}, Origin ${webOrigin}\n`);
  for (const probe of selected) {
    const started = Date.now();
    let summary;
    try {
      summary = await probe.run(context);
    } catch (error) {
      summary = { failed: String(error?.stack ?? error) };
    }
    console.log(`## ${probe.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    console.log(`replays: ${probe.replays}`);
    console.log(`fixed API: ${probe.fixed}`);
    console.log(JSON.stringify(summary, null, 2));
    console.log("");
  }
}

if (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("replay.mjs")) {
  await main();
}
