import { describe, expect, it } from "vitest";
import { follow } from "../src/seed/library";
import { chatsHarness, type Json, type Member } from "./support/chats";
import { pathOf, uploadFile } from "./support/media";
import { audio, jpeg, pdf, video } from "./support/media-fixtures";

/**
 * Files on messages (issue 15, decision 0021): the `chat_attachment` upload type takes images and
 * documents only; its files are private to the conversation — signed URLs for images, the
 * document's download and PDF view for members who may read the message, nobody else — and they
 * are gone with the message.
 */
const h = chatsHarness();
const { call, person, start, send, db } = h;

async function upload(who: Member, name: string, data: Buffer) {
  return uploadFile(h.state.app, who.headers, { uploadType: "chat_attachment" }, { name, data });
}

function get(url: string | null | undefined, who?: Member) {
  return h.state.app.inject({ method: "GET", url: pathOf(url), headers: who?.headers ?? {} });
}

async function conversation() {
  const anna = await person();
  const ben = await person();
  const stranger = await person();
  await follow(db(), ben.profileId, anna.profileId);
  return { anna, ben, stranger, chatId: await start(anna, ben) };
}

describe("chat files", () => {
  it("takes images and documents as chat_attachment, and refuses audio and video", async () => {
    const { anna } = await conversation();
    const image = await upload(anna, "photo.jpg", await jpeg(300, 200));
    expect(image.res.statusCode, image.res.body).toBe(201);
    expect(image.media).toMatchObject({ kind: "image", uploadType: "chat_attachment" });
    const doc = await upload(anna, "terms.pdf", pdf("Terms"));
    expect(doc.res.statusCode, doc.res.body).toBe(201);
    expect(doc.media).toMatchObject({ kind: "document", status: "ready" });
    for (const [name, data] of [
      ["clip.mp4", video(1)],
      ["song.mp3", audio(1)],
    ] as const) {
      const refused = await upload(anna, name, data);
      expect(refused.res.statusCode, name).toBe(422);
      expect(refused.res.json().error.code).toBe("file_invalidType");
    }
  });

  it("lets the conversation's members, and only them, read its files; deleting the message removes them", async () => {
    const { anna, ben, stranger, chatId } = await conversation();
    const image = (await upload(anna, "photo.jpg", await jpeg(300, 200))).media!;
    const doc = (await upload(anna, "contract.pdf", pdf("Contract"))).media!;
    const sent = await send(anna, chatId, "The signed copy", { attachmentIds: [image.id, doc.id] });
    const [photo, file] = sent.attachments as Json[];
    const onBen = (await call("GET", `/chats/${chatId}/messages`, ben)).json().data.at(-1).attachments;
    expect(onBen.map((a: Json) => a.id)).toEqual([image.id, doc.id]);

    // The image: signed URLs work for anyone holding them (short lived), the plain path for nobody.
    expect(photo.urls.full).toContain("sig=");
    expect((await get(onBen[0].urls.full)).statusCode).toBe(200);
    expect((await get(photo.urls.full.split("?")[0])).statusCode).toBe(404);

    // The document: its download and PDF view answer members only.
    for (const url of [file.urls.download, file.urls.document]) {
      expect((await get(url, anna)).statusCode, url).toBe(200);
      expect((await get(url, ben)).statusCode, url).toBe(200);
      expect((await get(url, stranger)).statusCode, url).toBe(404);
      expect((await get(url)).statusCode, url).toBe(404);
    }

    const deleted = await call("DELETE", `/chats/${chatId}/messages/${sent.id}`, anna);
    expect(deleted.statusCode).toBe(200);
    expect((await get(onBen[0].urls.full)).statusCode).toBe(404);
    for (const who of [anna, ben]) expect((await get(file.urls.download, who)).statusCode).toBe(404);
    expect((await call("GET", `/media/${doc.id}`, anna)).statusCode).toBe(404);
  });

  it("keeps a file in the composer its sender's own until it is sent", async () => {
    const { anna, ben } = await conversation();
    const doc = (await upload(anna, "draft.pdf", pdf("Draft"))).media!;
    expect((await get(doc.urls.download, anna)).statusCode).toBe(200);
    expect((await get(doc.urls.download, ben)).statusCode).toBe(404);
  });
});
