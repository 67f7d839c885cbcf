import { useId } from "react";
import { type BillingDetailsValues, receiptSellerLines } from "#shared/billing-details.ts";

/** The seller's part of the receipt mail, with the lines and fallback the mail itself uses. */
export function ReceiptPreview({
  values,
  communityName,
}: {
  values: BillingDetailsValues;
  communityName: string;
}) {
  const id = useId();
  const [name, ...address] = receiptSellerLines(values, communityName);
  return (
    <figure aria-labelledby={id} className="grid content-start gap-2">
      <figcaption id={id} className="text-sm font-medium">
        Receipt preview
      </figcaption>
      <div className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm">
        <p className="font-semibold">Receipt: your event</p>
        <div>
          <p className="text-muted-foreground">Sold by</p>
          <p className="font-medium wrap-anywhere">{name}</p>
          {address.length > 0 ? (
            <p className="wrap-anywhere whitespace-pre-line">{address.join("\n")}</p>
          ) : null}
        </div>
        {values.taxNote ? <p className="wrap-anywhere text-muted-foreground">{values.taxNote}</p> : null}
      </div>
    </figure>
  );
}
