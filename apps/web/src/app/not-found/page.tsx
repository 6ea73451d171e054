import { notFound } from "next/navigation";

/** /not-found (spec §2): the 404 page at its own address, answered with a real 404 status. */
export default function NotFoundRoute() {
  notFound();
}
