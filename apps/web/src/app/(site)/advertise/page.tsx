import { AD_OFFER_CREDIT_USD, AD_OFFER_MIN_SPEND_USD, format, PRODUCT_NAME } from "@vn/contract";
import { serverMessages } from "@vn/contract/messages/server";
import type { Metadata } from "next";
import { AdConsultationForm } from "@/features/leads/AdConsultationForm";
import { formatUsd } from "@/features/marketing/format";

const credit = formatUsd(AD_OFFER_CREDIT_USD);
const minimum = formatUsd(AD_OFFER_MIN_SPEND_USD);

export const metadata: Metadata = {
  title: serverMessages.adOfferTitle,
  description:
    `${format(serverMessages.adOfferHeadline, { credit })} on ${PRODUCT_NAME}. ${format(serverMessages.adOfferText, { credit, minimum })}`.slice(
      0,
      160,
    ),
};

/**
 * Advertising (spec §1, §9): the offer — 500 USD of ad credit with a 3,000 USD minimum spend —
 * and the ad consultation form (§3), for visitors and members alike.
 */
export default function AdvertisePage() {
  return (
    <div className="flex flex-col">
      <section aria-labelledby="advertise-title" className="bg-[#1d2226] text-white">
        <div className="mx-auto w-full max-w-[1128px] px-4 py-12 md:py-16">
          <p className="text-sm font-semibold tracking-wide text-white/70 uppercase">
            {serverMessages.adOfferEyebrow}
          </p>
          <h1 id="advertise-title" className="mt-2 text-4xl font-semibold text-balance md:text-5xl">
            {serverMessages.adOfferTitle}
          </h1>
          <p className="mt-6 text-3xl font-semibold text-[#70b5f9] md:text-4xl">
            {format(serverMessages.adOfferHeadline, { credit })}
          </p>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-white/85">
            {format(serverMessages.adOfferText, { credit, minimum })}
          </p>
          <p className="mt-3 max-w-2xl text-sm text-white/70">
            {format(serverMessages.adOfferTerms, { minimum })}
          </p>
        </div>
      </section>
      <section className="mx-auto w-full max-w-[840px] px-4 py-10 md:py-14">
        <AdConsultationForm />
      </section>
    </div>
  );
}
