import { shareLinkDetails } from "./share-link-details";

describe("shareLinkDetails", () => {
  it("puts a space after every semicolon, habits included", () => {
    expect(
      shareLinkDetails({
        state: "active",
        includePhotos: false,
        includeHabits: true,
        expiresLabel: "December 5, 2026",
      }),
    ).toBe("Active; without photos; with habits; expires: December 5, 2026");
  });

  it("leaves habits out when the link does not show them", () => {
    expect(
      shareLinkDetails({
        state: "revoked",
        includePhotos: true,
        includeHabits: false,
        expiresLabel: "never",
      }),
    ).toBe("Revoked; with photos; expires: never");
  });
});
