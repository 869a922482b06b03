// The product's size chart, folded under the size choice.
import { useTranslation } from '../../i18n/index.ts';
import { getFragmentData, graphql, type FragmentType } from '~/gql';

export const SizeChartFieldsFragment = graphql(`
  fragment SizeChartFields on SizeChart {
    name
    columns
    rows {
      cells
    }
  }
`);

export function SizeChart(props: { chart: FragmentType<typeof SizeChartFieldsFragment> }) {
  const chart = getFragmentData(SizeChartFieldsFragment, props.chart);
  const { t } = useTranslation();
  return (
    <details className="size-chart">
      <summary>{t('product.sizeChart')}</summary>
      <table>
        <caption>{chart.name}</caption>
        <thead>
          <tr>
            {chart.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {chart.rows.map((row, index) => (
            <tr key={index}>
              {row.cells.map((cell, cellIndex) => (cellIndex === 0 ? <th key={cellIndex} scope="row">{cell}</th> : <td key={cellIndex}>{cell}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
