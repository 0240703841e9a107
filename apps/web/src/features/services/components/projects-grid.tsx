import { Trans } from '@lingui/react/macro';
import type { Project } from '@nirmaan/shared/api';
import { formatDate } from '@nirmaan/shared/dates';

export function ProjectsGrid({ projects }: { projects: readonly Project[] }) {
  if (projects.length === 0) return <p className="text-body-secondary mb-0"><Trans>No projects to show yet.</Trans></p>;
  return (
    <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 list-unstyled mb-0">
      {projects.map((project) => (
        <li className="col" key={project._id}>
          <article className="card h-100 catalogue-card">
            <div className="ratio ratio-16x9 catalogue-card-media">
              <img src={project.image} alt={project.title} loading="lazy" decoding="async" width="480" height="270" className="object-fit-cover" />
            </div>
            <div className="card-body d-flex flex-column gap-1">
              <span className="badge text-bg-light border align-self-start fw-normal">{project.category}</span>
              <h3 className="h6 mb-0">{project.title}</h3>
              <p className="small text-body-secondary mb-0">{project.description}</p>
              <time className="small text-body-tertiary mt-auto pt-1" dateTime={project.createdAt}>{formatDate(project.createdAt)}</time>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
