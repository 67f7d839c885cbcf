import { describe, expect, it } from "vitest";
import { billingDetailsProblems, normalizeBillingDetails, receiptSellerLines } from "./billing-details.ts";

describe("receipt details", () => {
  it("keeps the address's line breaks, trims each line and makes the name and tax note one line", () => {
    expect(
      normalizeBillingDetails({
        legalName: "  Paid\nCircle\te.V. ",
        address: "\r\n Street 1 \r\n\r\n 12345  Town\u202E \n",
        taxNote: " 19 % VAT\n VAT ID DE1 ",
      }),
    ).toEqual({
      legalName: "Paid Circle e.V.",
      address: "Street 1\n\n12345 Town",
      taxNote: "19 % VAT VAT ID DE1",
    });
  });

  it("names each field over its limit", () => {
    const problems = billingDetailsProblems({
      legalName: "x".repeat(201),
      address: "",
      taxNote: "t".repeat(301),
    });
    expect(problems.map((p) => [p.field, p.message])).toEqual([
      ["legalName", "Use at most 200 characters."],
      ["taxNote", "Use at most 300 characters."],
    ]);
  });

  it("opens the receipt with the community's name when no legal name is set", () => {
    expect(receiptSellerLines({ legalName: "", address: "Street 1\n\nTown", taxNote: "" }, "Circle")).toEqual(
      ["Circle", "Street 1", "Town"],
    );
  });
});
