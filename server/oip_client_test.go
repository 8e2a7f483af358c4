package server

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// oipClient is an Open Inference Protocol client written from the
// protocol document and Triton's binary data extension alone (no sandjit
// types): it reads a model's metadata, builds $inference_request objects
// from it, and reads $inference_response objects, in JSON or binary.
// No load generator of the ecosystem installs here (Triton's
// perf_analyzer is neither a Debian nor an npm package), so this client
// is what drives the server in TestOIPClientLoad.
type oipClient struct {
	base, key string
	http      *http.Client
}

type clientTensor struct {
	Name       string         `json:"name"`
	Datatype   string         `json:"datatype"`
	Shape      []int64        `json:"shape"`
	Parameters map[string]any `json:"parameters,omitempty"`
	Data       []float32      `json:"data,omitempty"`
}

type clientMetadata struct {
	Name    string         `json:"name"`
	Inputs  []clientTensor `json:"inputs"`
	Outputs []clientTensor `json:"outputs"`
}

func (c *oipClient) do(method, path string, body []byte, hdr http.Header) (*http.Response, []byte, error) {
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	for k, v := range hdr {
		req.Header[k] = v
	}
	req.Header.Set("Authorization", "Bearer "+c.key)
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		var e struct {
			Error string `json:"error"`
		}
		json.Unmarshal(b, &e)
		err = fmt.Errorf("%s %s: %d: %s", method, path, resp.StatusCode, e.Error)
	}
	return resp, b, err
}

func (c *oipClient) metadata(model string) (*clientMetadata, error) {
	_, b, err := c.do("GET", "/v2/models/"+model, nil, nil)
	if err != nil {
		return nil, err
	}
	var md clientMetadata
	return &md, json.Unmarshal(b, &md)
}

// infer sends FP32 inputs (in the metadata's order) and returns FP32
// outputs, as JSON or as binary data both ways.
func (c *oipClient) infer(md *clientMetadata, id string, bin bool, shapes [][]int64, data [][]float32) ([][]float32, error) {
	req := map[string]any{"id": id}
	var tail []byte
	var ins []clientTensor
	for i, in := range md.Inputs {
		t := clientTensor{Name: in.Name, Datatype: in.Datatype, Shape: shapes[i]}
		if bin {
			t.Parameters = map[string]any{"binary_data_size": 4 * len(data[i])}
			for _, v := range data[i] {
				tail = binary.LittleEndian.AppendUint32(tail, math.Float32bits(v))
			}
		} else {
			t.Data = data[i]
		}
		ins = append(ins, t)
	}
	req["inputs"] = ins
	hdr := http.Header{"Content-Type": {"application/json"}}
	if bin {
		req["parameters"] = map[string]any{"binary_data_output": true}
	}
	js, err := json.Marshal(req)
	if err != nil {
		return nil, err
	}
	if bin {
		hdr.Set("Content-Type", "application/octet-stream")
		hdr.Set(headerInferenceLength, strconv.Itoa(len(js)))
	}
	resp, b, err := c.do("POST", "/v2/models/"+md.Name+"/infer", append(js, tail...), hdr)
	if err != nil {
		return nil, err
	}
	if h := resp.Header.Get(headerInferenceLength); h != "" {
		n, err := strconv.Atoi(h)
		if err != nil || n > len(b) {
			return nil, fmt.Errorf("bad %s %q", headerInferenceLength, h)
		}
		b, tail = b[:n], b[n:]
	} else {
		tail = nil
	}
	var res struct {
		ModelName string `json:"model_name"`
		ID        string `json:"id"`
		Outputs   []struct {
			clientTensor
			Data []json.Number `json:"data"`
		} `json:"outputs"`
	}
	if err := json.Unmarshal(b, &res); err != nil {
		return nil, err
	}
	if res.ID != id || res.ModelName != md.Name || len(res.Outputs) != len(md.Outputs) {
		return nil, fmt.Errorf("response id %q model %q with %d outputs", res.ID, res.ModelName, len(res.Outputs))
	}
	var outs [][]float32
	for _, o := range res.Outputs {
		var vals []float32
		if size, ok := o.Parameters["binary_data_size"].(float64); ok {
			if int(size) > len(tail) || int(size)%4 != 0 {
				return nil, errors.New("short binary data")
			}
			for k := 0; k < int(size); k += 4 {
				vals = append(vals, math.Float32frombits(binary.LittleEndian.Uint32(tail[k:])))
			}
			tail = tail[int(size):]
		} else {
			for _, d := range o.Data {
				f, err := strconv.ParseFloat(string(d), 32)
				if err != nil {
					return nil, err
				}
				vals = append(vals, float32(f))
			}
		}
		outs = append(outs, vals)
	}
	return outs, nil
}

// TestOIPClientLoad drives both tenants at once through the protocol
// client, in JSON and in binary, checks every answer against plain Go,
// and logs the throughput of /v1 JSON, /v2 JSON and /v2 binary measured
// side by side (a fixed number of requests each).
func TestOIPClientLoad(t *testing.T) {
	s := serve(t, testConfig(2, nil))
	const workers, perWorker, rows = 4, 60, 64
	models := make([]*clientMetadata, 2)
	ids := make([]string, 2)
	for i := range 2 {
		status, b, err := s.post(keyOf(i), "/v1/kernels", "application/json", mustJSON(map[string]string{"source": kernelAdd, "name": "adder"}))
		if err != nil || status != http.StatusCreated {
			t.Fatalf("submit: %d %s %v", status, b, err)
		}
		var info kernelInfo
		if err := json.Unmarshal(b, &info); err != nil {
			t.Fatal(err)
		}
		ids[i] = info.ID
		c := &oipClient{base: s.url, key: keyOf(i), http: s.client}
		md, err := c.metadata("adder")
		if err != nil {
			t.Fatal(err)
		}
		if len(md.Inputs) != 2 || md.Inputs[0].Datatype != "FP32" || !slices.Equal(md.Inputs[0].Shape, []int64{-1, 3}) {
			t.Fatalf("metadata: %+v", md)
		}
		models[i] = md
	}
	x := make([]float32, rows*3)
	for i := range x {
		x[i] = float32(i) / 7
	}
	y := []float32{1, -2, 0.5}
	want := make([]float32, len(x))
	for i := range x {
		want[i] = x[i] + y[i%3]
	}
	shapes := [][]int64{{rows, 3}, {3}}

	run := func(mode string) (time.Duration, error) {
		var wg sync.WaitGroup
		errs := make(chan error, 2*workers)
		start := time.Now()
		for tenant := range 2 {
			c := &oipClient{base: s.url, key: keyOf(tenant), http: s.client}
			for w := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for n := range perWorker {
						id := fmt.Sprintf("%d-%d-%d", tenant, w, n)
						var got []float32
						switch mode {
						case "v1-json":
							body := mustJSON(map[string]any{"inputs": []map[string]any{
								{"dtype": "f32", "shape": shapes[0], "data": x}, {"dtype": "f32", "shape": shapes[1], "data": y}}})
							status, b, err := s.post(keyOf(tenant), "/v1/kernels/"+ids[tenant]+":run", "application/json", body)
							var o struct {
								Outputs []struct {
									Data []float32 `json:"data"`
								} `json:"outputs"`
							}
							if err == nil && status != http.StatusOK {
								err = fmt.Errorf("/v1: %d %s", status, b)
							}
							if err == nil {
								err = json.Unmarshal(b, &o)
							}
							if err != nil {
								errs <- err
								return
							}
							got = o.Outputs[0].Data
						case "v2-json", "v2-binary":
							outs, err := c.infer(models[tenant], id, mode == "v2-binary", shapes, [][]float32{x, y})
							if err != nil {
								errs <- err
								return
							}
							got = outs[0]
						}
						if !slices.Equal(got, want) {
							errs <- fmt.Errorf("%s tenant %d: wrong output", mode, tenant)
							return
						}
					}
				}()
			}
		}
		wg.Wait()
		close(errs)
		return time.Since(start), <-errs
	}
	// Warm up: the first run of a shape compiles its specialization.
	for i := range 2 {
		c := &oipClient{base: s.url, key: keyOf(i), http: s.client}
		if _, err := c.infer(models[i], "warm", false, shapes, [][]float32{x, y}); err != nil {
			t.Fatal(err)
		}
	}
	for _, mode := range []string{"v1-json", "v2-json", "v2-binary", "v1-json"} {
		d, err := run(mode)
		if err != nil {
			t.Fatalf("%s: %v", mode, err)
		}
		n := 2 * workers * perWorker
		t.Logf("%s: %d requests (2 tenants × %d clients, %d×3 f32 in and out) in %v: %.0f/s", mode, n, workers, rows, d.Round(time.Millisecond), float64(n)/d.Seconds())
	}
}
