import { companiesMessages } from "@vn/contract/messages/companies";
import type { Metadata } from "next";
import { Suspense } from "react";
import { CreateCompanyForm } from "@/features/companies/CreateCompanyForm";

export const metadata: Metadata = { title: companiesMessages.createCompanyTitle, robots: { index: false } };

export default function CreateCompanyPage() {
  return (
    <Suspense fallback={null}>
      <CreateCompanyForm />
    </Suspense>
  );
}
