// Hot path: publish validation/size accounting and delivery-object creation ("serialization" in-process).
import { bench, do_not_optimize, group, run } from "mitata";
import { Message, type MessageOwner } from "../../engine/message.ts";
import { type ValidatedPublish, validatePublish } from "../../engine/publish-validation.ts";

const data = Buffer.alloc(1024, 1);
const attributes = { source: "bench", seq: "1" };
// Rotating inputs keep the JIT from hoisting the validation out of the loop.
const plainInputs = [{ data }, { data: Buffer.alloc(1000) }, { data: new Uint8Array(512) }];
const attributedInputs = [{ data, attributes }, { data, attributes: { a: "x" } }, { attributes: { k: "v" } }];
let n = 0;
const out: ValidatedPublish = { data, attributes: {}, size: 0 };
const owner: MessageOwner = { name: "s", ackMessage() {}, nackMessage() {}, modAckMessage() {} };

group("message", () => {
  bench("validatePublish (no attributes)", () =>
    do_not_optimize(validatePublish(plainInputs[n++ % 3] as { data: Buffer }, out)),
  );
  bench("validatePublish (with attributes)", () =>
    do_not_optimize(validatePublish(attributedInputs[n++ % 3] as { data: Buffer }, out)),
  );
  bench("new Message (delivery object)", () =>
    do_not_optimize(new Message(owner, "1", data, attributes, "", 0, 1024, 1)),
  );
  bench("Message.redelivery()", () =>
    do_not_optimize(new Message(owner, "1", data, attributes, "", 0, 1024, 1).redelivery()),
  );
});

if (import.meta.main) await run();
