/**
 * The contract types are drop-in equal to the view types the routes, queries and builders
 * declare today: each pair is assignable both ways (checked by `tsc --noEmit`). When those
 * layers use lib/contracts themselves, their own types go, and this file with them.
 */
import type * as db from '@/db/queries/catalog';
import type * as dbSync from '@/db/queries/catalog-sync';
import type * as dbEvents from '@/db/queries/events';
import type * as dbFavourites from '@/db/queries/favourites';
import type * as dbIngest from '@/db/queries/ingest';
import type * as dbDocuments from '@/db/queries/project-documents';
import type * as dbProjects from '@/db/queries/projects';
import type * as dbSurface from '@/db/queries/surface';
import type * as auth from '@/lib/contracts/auth';
import type * as catalog from '@/lib/contracts/catalog';
import type * as catalogSync from '@/lib/contracts/catalog-sync';
import type * as errors from '@/lib/contracts/errors';
import type * as events from '@/lib/contracts/events';
import type * as favourites from '@/lib/contracts/favourites';
import type * as otlp from '@/lib/contracts/otlp';
import type * as preview from '@/lib/contracts/preview';
import type * as projects from '@/lib/contracts/projects';
import type * as sessions from '@/lib/contracts/sessions';
import type * as suggestions from '@/lib/contracts/suggestions';
import type * as surface from '@/lib/contracts/surface';
import type * as tokens from '@/lib/contracts/tokens';
import type * as usage from '@/lib/contracts/usage';
import type * as yaml from '@/lib/contracts/yaml';
import type { ErrorEnvelope } from '@/lib/errors';
import type { ChangeSummary } from '@/lib/favourites/change-summary';
import type { FavouritesView } from '@/lib/favourites/http';
import type { ExportTraceServiceResponse } from '@/lib/otlp/export-response';
import type { SessionView } from '@/lib/schemas/auth';
import type { CatalogTool } from '@/lib/schemas/catalog';
import type { FavouriteIndex } from '@/lib/schemas/favourites';
import type { SurfaceConfig, SurfaceLimits } from '@/lib/schemas/surface-config';
import type { CreatedTokenView, TokenView } from '@/lib/schemas/tokens';
import type { ModePreview, PreviewTool } from '@/lib/surface/preview';
import type { PreviewResponse } from '@/lib/surface/preview-response';
import type { SurfaceDocument } from '@/lib/surface/surface-document';
import type { TargetProblem } from '@/lib/surface/targets';
import type { LeftOutTool } from '@/lib/surface/types';
import type { Coverage } from '@/lib/usage/coverage';
import type { ProjectUsageOverview } from '@/lib/usage/overview';
import type { RankedTool } from '@/lib/usage/rank';
import type { UnresolvedUsage, UsageReport } from '@/lib/usage/report';
import type { SeriesDay } from '@/lib/usage/series';
import type { FavouritesSuggestion } from '@/lib/usage/suggest';
import type { UsageWindow } from '@/lib/usage/window';
import type { DocumentPlan, FieldChange } from '@/lib/yaml/plan';

/** True when A and B are assignable to each other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Check<T extends true> = T;

export type DropIn = [
  Check<Same<projects.ProjectView, dbProjects.ProjectView>>,
  Check<Same<surface.SurfaceConfig, SurfaceConfig>>,
  Check<Same<surface.SurfaceLimits, SurfaceLimits>>,
  Check<Same<surface.LeftOutTool, LeftOutTool>>,
  Check<Same<surface.SurfaceDocument, SurfaceDocument>>,
  Check<Same<catalog.CatalogTool, CatalogTool>>,
  Check<Same<catalog.CatalogServerView, db.CatalogServerView>>,
  Check<Same<catalog.SyncView, db.SyncView>>,
  Check<Same<catalog.PutCatalogResult, db.PutCatalogResult>>,
  Check<Same<catalog.CatalogVersionView, db.CatalogVersionView>>,
  Check<Same<catalogSync.SyncResult, dbSync.SyncResult>>,
  Check<Same<events.EventView, dbEvents.EventView>>,
  Check<Same<events.IngestResult, dbIngest.IngestResult>>,
  Check<Same<otlp.ExportTraceServiceResponse, ExportTraceServiceResponse>>,
  Check<Same<favourites.FavouriteIndex, FavouriteIndex>>,
  Check<Same<favourites.FavouritesView, FavouritesView>>,
  Check<Same<favourites.FavouriteChangeView, dbFavourites.FavouriteChangeView>>,
  Check<Same<favourites.ChangeSummary, ChangeSummary>>,
  Check<Same<usage.UsageWindow, UsageWindow>>,
  Check<Same<usage.RankedTool, RankedTool>>,
  Check<Same<usage.SeriesDay, SeriesDay>>,
  Check<Same<usage.Coverage, Coverage>>,
  Check<Same<usage.UnresolvedUsage, UnresolvedUsage>>,
  Check<Same<usage.UsageReport, UsageReport>>,
  Check<Same<usage.ProjectUsageOverview, ProjectUsageOverview>>,
  Check<Same<Omit<suggestions.SuggestionsResponse, 'window' | 'maxFavourites' | 'favouritesVersion' | 'yaml'>, FavouritesSuggestion>>,
  Check<Same<preview.PreviewTool, PreviewTool>>,
  Check<Same<preview.TargetProblem, TargetProblem>>,
  Check<Same<preview.ModePreview, ModePreview>>,
  Check<Same<preview.PreviewResponse, PreviewResponse>>,
  Check<Same<preview.RecordedCall, dbSurface.RecordedCall>>,
  Check<Same<sessions.SessionSummary, dbSurface.SessionSummary>>,
  Check<Same<tokens.TokenView, TokenView>>,
  Check<Same<tokens.CreatedTokenView, CreatedTokenView>>,
  Check<Same<yaml.FieldChange, FieldChange>>,
  Check<Same<yaml.DocumentPlan, DocumentPlan>>,
  Check<Same<yaml.ApplyResult, dbDocuments.ApplyResult>>,
  Check<Same<auth.SessionView, SessionView>>,
  Check<Same<errors.ErrorEnvelope, ErrorEnvelope>>,
];
