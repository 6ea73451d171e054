import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ContentEditor } from "@/features/content/ContentEditor";
import { type CreateRoute, createRouteKinds, createTitles } from "@/features/content/kinds";

interface CreatePageProps {
  params: Promise<{ kind: string }>;
}

function routeOf(kind: string): CreateRoute | null {
  return Object.hasOwn(createRouteKinds, kind) ? (kind as CreateRoute) : null;
}

export async function generateMetadata({ params }: CreatePageProps): Promise<Metadata> {
  const route = routeOf((await params).kind);
  return { title: route ? createTitles[route] : undefined, robots: { index: false } };
}

/** /create/{post|article|release|statement|insight|response|document|event|podcast|video} (login required, §2). */
export default async function CreatePage({ params }: CreatePageProps) {
  const route = routeOf((await params).kind);
  if (!route) notFound();
  return (
    <ContentEditor key={route} mode="create" kind={createRouteKinds[route]} title={createTitles[route]} />
  );
}
