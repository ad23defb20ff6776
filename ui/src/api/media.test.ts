import { mediaUrl, resolveMedia } from "./media";

const EXTERNAL = "https://api.shop.example:8443/api";

describe("mediaUrl", () => {
  test("with the embedded API a site path stays as the API wrote it; a bare path goes under the API", () => {
    expect(mediaUrl("/api/media/brand/logo.svg", "/api")).toBe("/api/media/brand/logo.svg");
    expect(mediaUrl("media/brand/logo.svg", "/api")).toBe("/api/media/brand/logo.svg");
  });

  test("with an external API a site path comes from the API's server, not the page's", () => {
    expect(mediaUrl("/api/media/brand/logo.svg", EXTERNAL)).toBe("https://api.shop.example:8443/api/media/brand/logo.svg");
    expect(mediaUrl("media/p.png", EXTERNAL)).toBe("https://api.shop.example:8443/api/media/p.png");
  });

  test("full, protocol-relative, data and blob addresses and the empty address are left alone", () => {
    for (const url of ["https://cdn.example/p.png", "//cdn.example/p.png", "data:image/png;base64,AA", "blob:x", ""]) {
      expect(mediaUrl(url, EXTERNAL)).toBe(url);
    }
  });
});

describe("resolveMedia", () => {
  test("resolves every picture field of an answer, nested and in lists, and nothing else", () => {
    const answer = {
      logo: "/api/media/brand/logo.svg",
      link: "/home",
      blocks: [{ items: [{ image: "/api/media/banners/1.svg", icon: "/api/media/c/2.svg", name: "/not-a-picture" }] }],
      product: { images: ["/api/media/p/1.png", "https://cdn.example/2.png"], cover: null, mini_icon: "/m.svg" },
      user: { image: "/api/media/uploads/me.png" },
      fav_icon: "/favicon.svg",
    };
    expect(resolveMedia(answer, EXTERNAL)).toEqual({
      logo: "https://api.shop.example:8443/api/media/brand/logo.svg",
      link: "/home",
      blocks: [
        {
          items: [
            {
              image: "https://api.shop.example:8443/api/media/banners/1.svg",
              icon: "https://api.shop.example:8443/api/media/c/2.svg",
              name: "/not-a-picture",
            },
          ],
        },
      ],
      product: {
        images: ["https://api.shop.example:8443/api/media/p/1.png", "https://cdn.example/2.png"],
        cover: null,
        mini_icon: "https://api.shop.example:8443/m.svg",
      },
      user: { image: "https://api.shop.example:8443/api/media/uploads/me.png" },
      fav_icon: "https://api.shop.example:8443/favicon.svg",
    });
  });
});

describe("unwrap", () => {
  test("every answer's pictures come resolved against the configured API", async () => {
    const { unwrap } = await import("./client");
    const meta = document.createElement("meta");
    meta.name = "storefront-api-base";
    meta.content = EXTERNAL;
    document.head.append(meta);
    try {
      const answer = { data: { logo: "/api/media/brand/logo.svg", title: "Shop" }, response: new Response("{}") };
      await expect(unwrap(Promise.resolve(answer))).resolves.toEqual({
        logo: "https://api.shop.example:8443/api/media/brand/logo.svg",
        title: "Shop",
      });
    } finally {
      meta.remove();
    }
  });
});
