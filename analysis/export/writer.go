package export

import (
	"bufio"
	"encoding/csv"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unsafe"

	"github.com/klauspost/compress/s2"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/compress/snappy"
)

// Formats are the names of the formats NewWriter writes.
var Formats = []string{"ndjson", "csv", "parquet"}

// EPD is the format of one EPD line per position of the moves table (the
// position before the first move of each game, then the one after each
// move), which an Exporter writes from the moves rows; see NewWriter.
const EPD = "epd"

// Writer writes the rows of one table.
type Writer interface {
	// Write writes one row: a value for each column of the table.
	Write(row []Value) error
	// Close writes what is buffered (the last row group and footer of a
	// Parquet file); it does not close the underlying writer.
	Close() error
}

// NewWriter returns a Writer of the rows of table t to w in format
// ("ndjson", "csv" or "parquet"). A Parquet writer holds a row group in
// memory until its values reach about rowGroup bytes (0: 32 MiB).
func NewWriter(w io.Writer, format string, t Table, rowGroup int) (Writer, error) {
	switch format {
	case "ndjson":
		return &ndjsonWriter{w: bufio.NewWriterSize(w, 1<<16), t: t}, nil
	case "csv":
		c := &csvWriter{t: t, bw: bufio.NewWriterSize(w, 1<<16)}
		c.w = csv.NewWriter(c.bw)
		return c, nil
	case EPD:
		if t.Name != MovesTable.Name {
			return nil, fmt.Errorf("the epd format writes the positions of the moves table")
		}
		return &epdWriter{w: bufio.NewWriterSize(w, 1<<16)}, nil
	case "parquet":
		if rowGroup <= 0 {
			rowGroup = rowGroupBytes
		}
		return newParquetWriter(w, t, rowGroup), nil
	}
	return nil, fmt.Errorf("unknown format %q (want ndjson, csv, parquet or epd)", format)
}

// ndjsonWriter writes one JSON object per line, the columns in order;
// a null is null, a JSON column the object itself.
type ndjsonWriter struct {
	w   *bufio.Writer
	t   Table
	buf []byte
}

func (n *ndjsonWriter) Write(row []Value) error {
	b := append(n.buf[:0], '{')
	for i, c := range n.t.Columns {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, c.Name)
		b = append(b, ':')
		v := row[i]
		switch {
		case v.Null:
			b = append(b, "null"...)
		case c.Kind == String:
			b = appendJSONString(b, v.S)
		case c.Kind == JSON:
			b = append(b, v.S...)
		case c.Kind == Int:
			b = strconv.AppendInt(b, v.I, 10)
		case c.Kind == Float:
			b = strconv.AppendFloat(b, v.F, 'f', -1, 64)
		case c.Kind == Bool:
			b = strconv.AppendBool(b, v.B)
		}
	}
	b = append(b, '}', '\n')
	n.buf = b
	_, err := n.w.Write(b)
	return err
}

func (n *ndjsonWriter) Close() error { return n.w.Flush() }

// epdWriter writes an EPD line for each position of the moves rows: the
// four position fields of the FEN, then the operations hmvc (halfmove
// clock), fmvn (fullmove number) and id ("game N ply M", ply 0 for the
// position before the first move).
type epdWriter struct {
	w   *bufio.Writer
	buf []byte
}

func (e *epdWriter) Write(row []Value) error {
	game, ply := row[0].I, row[1].I
	if ply == 1 && !row[6].Null {
		if err := e.line(row[6].S, game, 0); err != nil {
			return err
		}
	}
	if row[7].Null {
		return nil
	}
	return e.line(row[7].S, game, ply)
}

// line writes the EPD line of a FEN.
func (e *epdWriter) line(fen string, game, ply int64) error {
	f := strings.Fields(fen)
	if len(f) != 6 {
		return nil
	}
	b := append(e.buf[:0], strings.Join(f[:4], " ")...)
	b = append(b, " hmvc "...)
	b = append(b, f[4]...)
	b = append(b, "; fmvn "...)
	b = append(b, f[5]...)
	b = append(b, "; id \"game "...)
	b = strconv.AppendInt(b, game, 10)
	b = append(b, " ply "...)
	b = strconv.AppendInt(b, ply, 10)
	b = append(b, "\";\n"...)
	e.buf = b
	_, err := e.w.Write(b)
	return err
}

func (e *epdWriter) Close() error { return e.w.Flush() }

// csvWriter writes a header line of the column names, then one line per
// row (RFC 4180); a null is an empty field, a JSON column its text.
type csvWriter struct {
	t      Table
	bw     *bufio.Writer
	w      *csv.Writer
	header bool
	rec    []string
}

func (c *csvWriter) writeHeader() error {
	c.header = true
	names := make([]string, len(c.t.Columns))
	for i, col := range c.t.Columns {
		names[i] = col.Name
	}
	c.rec = make([]string, len(c.t.Columns))
	return c.w.Write(names)
}

func (c *csvWriter) Write(row []Value) error {
	if !c.header {
		if err := c.writeHeader(); err != nil {
			return err
		}
	}
	for i, col := range c.t.Columns {
		v := row[i]
		switch {
		case v.Null:
			c.rec[i] = ""
		case col.Kind == String || col.Kind == JSON:
			c.rec[i] = v.S
		case col.Kind == Int:
			c.rec[i] = strconv.FormatInt(v.I, 10)
		case col.Kind == Float:
			c.rec[i] = strconv.FormatFloat(v.F, 'f', -1, 64)
		case col.Kind == Bool:
			c.rec[i] = strconv.FormatBool(v.B)
		}
	}
	return c.w.Write(c.rec)
}

// Close writes what is buffered; a table without rows still has its
// header.
func (c *csvWriter) Close() error {
	if !c.header {
		if err := c.writeHeader(); err != nil {
			return err
		}
	}
	c.w.Flush()
	if err := c.w.Error(); err != nil {
		return err
	}
	return c.bw.Flush()
}

// Parquet row groups are flushed when their rows reach rowGroupBytes
// (as the values' sizes before encoding; NewWriter may say otherwise) or
// rowGroupRows: the writer holds one row group in memory at a time.
const (
	rowGroupBytes = 32 << 20
	rowGroupRows  = 1 << 20
)

// parquetWriter writes a Parquet file: typed columns, the Dict ones
// dictionary-encoded, Snappy-compressed pages, row groups of bounded
// size. It gathers the values of a batch of rows column by column (as
// parquet-go's writing of whole rows, parquet.Row, would split every
// row into its columns again) and hands the batch to the goroutine of
// its row group, which encodes and compresses the values into pages
// while the next rows are made: two row groups are written at once,
// each committed to the file after the one before it.
type parquetWriter struct {
	w     *parquet.GenericWriter[any]
	t     Table
	leaf  []int             // leaf[i]: the Parquet column index of column i
	vals  [][]parquet.Value // vals[i]: the values of column i of the batch
	n     int               // rows in the batch
	bytes int               // of the row group being filled
	nrows int
	limit int // bytes of a row group
	// group is the row group being filled (nil before a row), older
	// the one before it, which may still be being written.
	group, older *rowGroup
	free         chan [][]parquet.Value // batches to fill again
}

// rowGroup is a row group written by a goroutine of its own: it writes
// the batches it is sent to the column writers of rg, then commits rg
// once the row group before it is committed.
type rowGroup struct {
	batches chan [][]parquet.Value
	done    chan struct{} // closed once committed, or failed
	err     error         // read after done
	prev    *rowGroup     // the row group before, until it is seen done (read by the filler only)
}

// snappyCodec is Parquet's Snappy codec with the faster of the encoders
// of Snappy blocks of package s2 (EncodeSnappy), where parquet-go's
// uses the slower, denser one (EncodeSnappyBetter): on the moves table
// that encoder took an eighth of the CPU time of the whole export. The
// pages are Snappy blocks all the same.
type snappyCodec struct{ snappy.Codec }

func (*snappyCodec) Encode(dst, src []byte) ([]byte, error) { return s2.EncodeSnappy(dst, src), nil }

// ParquetSchema returns the Parquet schema of table t, its columns in
// the table's order (a Go struct type made for it keeps the order, where
// a parquet.Group would sort them by name).
func ParquetSchema(t Table) *parquet.Schema {
	fields := make([]reflect.StructField, len(t.Columns))
	for i, c := range t.Columns {
		tag := c.Name
		var typ reflect.Type
		switch c.Kind {
		case String:
			typ = reflect.TypeFor[string]()
		case JSON:
			typ, tag = reflect.TypeFor[string](), tag+",json"
		case Int:
			typ = reflect.TypeFor[int64]()
			if c.Bits == 32 {
				typ = reflect.TypeFor[int32]()
			}
		case Float:
			typ = reflect.TypeFor[float64]()
		case Bool:
			typ = reflect.TypeFor[bool]()
		}
		if c.Nullable {
			tag += ",optional"
		}
		if c.Dict {
			tag += ",dict"
		}
		fields[i] = reflect.StructField{Name: "F" + strconv.Itoa(i), Type: typ, Tag: reflect.StructTag(`parquet:"` + tag + `"`)}
	}
	return parquet.NewSchema(t.Name, parquet.SchemaOf(reflect.New(reflect.StructOf(fields)).Interface()))
}

func newParquetWriter(w io.Writer, t Table, limit int) *parquetWriter {
	schema := ParquetSchema(t)
	p := &parquetWriter{
		w:     parquet.NewGenericWriter[any](w, schema, parquet.Compression(&snappyCodec{}), parquet.CreatedBy("pgnls", "", "")),
		t:     t,
		leaf:  make([]int, len(t.Columns)),
		limit: limit,
		free:  make(chan [][]parquet.Value, groupBatches+2),
	}
	for i, c := range t.Columns {
		lc, _ := schema.Lookup(c.Name)
		p.leaf[i] = lc.ColumnIndex
	}
	p.vals = p.batch()
	return p
}

const (
	// batchRows is how many rows a parquetWriter passes to the column
	// writers at once: a call per value costs more than the value.
	batchRows = 256
	// groupBatches is how many batches a row group's goroutine may be
	// behind the rows made.
	groupBatches = 4
)

// batch returns an empty batch: a recycled one, or a new one.
func (p *parquetWriter) batch() [][]parquet.Value {
	select {
	case b := <-p.free:
		return b
	default:
	}
	b := make([][]parquet.Value, len(p.t.Columns))
	for i := range b {
		b[i] = make([]parquet.Value, 0, batchRows)
	}
	return b
}

func (p *parquetWriter) Write(row []Value) error {
	for i, c := range p.t.Columns {
		v := row[i]
		var pv parquet.Value
		switch {
		case v.Null:
		case c.Kind == String || c.Kind == JSON:
			// The bytes of the string, not a copy: the Parquet writer
			// only reads them, and copies them into its pages.
			pv = parquet.ByteArrayValue(unsafe.Slice(unsafe.StringData(v.S), len(v.S)))
			p.bytes += len(v.S)
		case c.Kind == Int && c.Bits == 32:
			pv = parquet.Int32Value(int32(v.I))
		case c.Kind == Int:
			pv = parquet.Int64Value(v.I)
		case c.Kind == Float:
			pv = parquet.DoubleValue(v.F)
		case c.Kind == Bool:
			pv = parquet.BooleanValue(v.B)
		}
		def := 0
		if c.Nullable && !v.Null {
			def = 1
		}
		p.vals[i] = append(p.vals[i], pv.Level(0, def, p.leaf[i]))
		p.bytes += 8
	}
	if p.n++; p.n < batchRows {
		return nil
	}
	return p.flushRows()
}

// flushRows sends the batch to the row group's goroutine (starting a row
// group first when none is being filled), and ends the row group when it
// is full.
func (p *parquetWriter) flushRows() error {
	if p.n == 0 {
		return nil
	}
	if p.group == nil {
		if err := p.startGroup(); err != nil {
			return err
		}
	}
	p.group.batches <- p.vals
	p.vals = p.batch()
	p.nrows += p.n
	p.n = 0
	if p.bytes >= p.limit || p.nrows >= rowGroupRows {
		p.bytes, p.nrows = 0, 0
		close(p.group.batches)
		p.group, p.older = nil, p.group
	}
	return nil
}

// startGroup starts a row group and its goroutine, once the row group
// before the one before it is committed (two are written at once): it
// returns the error of that one.
func (p *parquetWriter) startGroup() error {
	prev := p.older
	if prev != nil && prev.prev != nil {
		<-prev.prev.done
		err := prev.prev.err
		prev.prev = nil
		if err != nil {
			return err
		}
	}
	g := &rowGroup{batches: make(chan [][]parquet.Value, groupBatches), done: make(chan struct{}), prev: prev}
	rg := p.w.BeginRowGroup()
	go func() {
		defer close(g.done)
		cws := rg.ColumnWriters()
		for b := range g.batches {
			for i, vals := range b {
				if g.err == nil {
					_, g.err = cws[p.leaf[i]].WriteRowValues(vals)
				}
				clear(vals) // the strings' bytes, for the collector
				b[i] = vals[:0]
			}
			select {
			case p.free <- b:
			default:
			}
		}
		if prev != nil {
			<-prev.done
			if g.err == nil {
				g.err = prev.err
			}
		}
		if g.err == nil {
			_, g.err = rg.Commit()
		}
	}()
	p.group = g
	return nil
}

func (p *parquetWriter) Close() error {
	err := p.flushRows()
	last := p.group
	if last != nil {
		close(last.batches)
	} else {
		last = p.older
	}
	p.group, p.older = nil, nil
	if last != nil {
		<-last.done // after every row group before it
		if err == nil {
			err = last.err
		}
	}
	if err != nil {
		return err
	}
	return p.w.Close()
}
