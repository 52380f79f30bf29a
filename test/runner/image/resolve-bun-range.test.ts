import { expect, test } from "bun:test";
import { resolveBunRange } from "../../../runner/image/bun-version.ts";

// A registry nothing listens on, no retries: `npm view` fails at once, as with no network.
const noRegistry = {
  ...process.env,
  npm_config_registry: "http://127.0.0.1:9/",
  npm_config_fetch_retries: "0",
};

test("an exact tag version is used as written, without asking npm", async () => {
  expect(await resolveBunRange("1.2.3", { env: {} })).toEqual({
    version: "1.2.3",
    how: "the tag's own version",
  });
});

test("without the npm registry, a range falls back to the installed Bun when it is within it", async () => {
  const within = await resolveBunRange("1", { installed: "1.4.5", env: noRegistry });
  expect(within?.version).toBe("1.4.5");
  expect(within?.how).toContain("the npm registry did not answer for bun@1");
  expect((await resolveBunRange("latest", { installed: "1.4.5", env: noRegistry }))?.version).toBe("1.4.5");
  expect(await resolveBunRange("1.3", { installed: "1.4.5", env: noRegistry })).toBeNull();
});
