// Expected diagnostics of the ops the host computes between two kernels (internal/ops/where): their declared
// results are checked when compiling (the function's flow is built), with TF's kernels' messages where TF has
// one. Cases are split by `// -----`.

func.func @where_i32(%x: tensor<?x?xf32>) -> tensor<?x2xi32> {
  // expected-error @+1 {{'tf.Where' op result must be i64 coordinates, declared tensor<?x2xi32>}}
  %0 = "tf.Where"(%x) : (tensor<?x?xf32>) -> tensor<?x2xi32>
  func.return %0 : tensor<?x2xi32>
}

// -----

func.func @where_rank(%x: tensor<?x?xf32>) -> tensor<?xi64> {
  // expected-error @+1 {{'tf.Where' op result must be coordinates of rank 2 ([count, rank]), declared tensor<?xi64>}}
  %0 = "tf.Where"(%x) : (tensor<?x?xf32>) -> tensor<?xi64>
  func.return %0 : tensor<?xi64>
}

// -----

func.func @where_dim(%x: tensor<?x?xi1>) -> tensor<?x3xi64> {
  // expected-error @+1 {{'tf.Where' op result must be [count, 2] for an operand of rank 2, declared tensor<?x3xi64>}}
  %0 = "tf.Where"(%x) : (tensor<?x?xi1>) -> tensor<?x3xi64>
  func.return %0 : tensor<?x3xi64>
}

// -----

func.func @where_two(%x: tensor<?xi1>, %y: tensor<?xf32>) -> tensor<?x1xi64> {
  // expected-error @+1 {{'tf.Where' op expects one operand and one result, got 2 and 1}}
  %0 = "tf.Where"(%x, %y) : (tensor<?xi1>, tensor<?xf32>) -> tensor<?x1xi64>
  func.return %0 : tensor<?x1xi64>
}

// -----

func.func @unique_matrix(%x: tensor<?x?xf32>) -> tensor<?xf32> {
  // expected-error @+1 {{'tf.Unique' op unique expects a 1D vector, got tensor<?x?xf32>}}
  %0:2 = "tf.Unique"(%x) : (tensor<?x?xf32>) -> (tensor<?xf32>, tensor<?xi32>)
  func.return %0#0 : tensor<?xf32>
}

// -----

func.func @unique_y_type(%x: tensor<?xf32>) -> tensor<?xf64> {
  // expected-error @+1 {{'tf.Unique' op result #0 (y) must have x's element type f32, declared tensor<?xf64>}}
  %0:2 = "tf.Unique"(%x) : (tensor<?xf32>) -> (tensor<?xf64>, tensor<?xi32>)
  func.return %0#0 : tensor<?xf64>
}

// -----

func.func @unique_idx_type(%x: tensor<?xi8>) -> tensor<?xi16> {
  // expected-error @+1 {{'tf.Unique' op result #1 (idx) must be i32 or i64 (out_idx), declared tensor<?xi16>}}
  %0:2 = "tf.Unique"(%x) : (tensor<?xi8>) -> (tensor<?xi8>, tensor<?xi16>)
  func.return %0#1 : tensor<?xi16>
}

// -----

func.func @unique_out_idx(%x: tensor<?xi8>) -> tensor<?xi32> {
  // expected-error @+1 {{'tf.Unique' op result #1 (idx) is declared tensor<?xi32>, but out_idx is i64}}
  %0:2 = "tf.Unique"(%x) {out_idx = i64} : (tensor<?xi8>) -> (tensor<?xi8>, tensor<?xi32>)
  func.return %0#1 : tensor<?xi32>
}

// -----

func.func @unique_idx_len(%x: tensor<5xi8>) -> tensor<4xi32> {
  // expected-error @+1 {{'tf.Unique' op result #1 (idx) must have x's 5 elements along the axis, declared tensor<4xi32>}}
  %0:2 = "tf.Unique"(%x) : (tensor<5xi8>) -> (tensor<?xi8>, tensor<4xi32>)
  func.return %0#1 : tensor<4xi32>
}

// -----

func.func @unique_complex(%x: tensor<?xcomplex<f32>>) -> tensor<?xi32> {
  // expected-error @+1 {{'tf.Unique' op operand #0 must be of}}
  %0:2 = "tf.Unique"(%x) : (tensor<?xcomplex<f32>>) -> (tensor<?xcomplex<f32>>, tensor<?xi32>)
  func.return %0#1 : tensor<?xi32>
}

// -----

func.func @unique_results(%x: tensor<?xf32>) -> tensor<?xi32> {
  // expected-error @+1 {{'tf.Unique' op expects 1 operand and 2 results, got 1 and 3}}
  %0:3 = "tf.Unique"(%x) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi32>, tensor<?xi32>)
  func.return %0#1 : tensor<?xi32>
}

// -----

func.func @unique_counts_type(%x: tensor<?xf32>) -> tensor<?xi32> {
  // expected-error @+1 {{'tf.UniqueWithCounts' op result #2 (count) must be a vector of idx's type i64, declared tensor<?xi32>}}
  %0:3 = "tf.UniqueWithCounts"(%x) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi64>, tensor<?xi32>)
  func.return %0#2 : tensor<?xi32>
}

// -----

func.func @unique_axis_range(%x: tensor<?x?xf32>) -> tensor<?xi32> {
  %a = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.UniqueV2' op axis has to be between [0, 2)}}
  %0:2 = "tf.UniqueV2"(%x, %a) : (tensor<?x?xf32>, tensor<1xi32>) -> (tensor<?x?xf32>, tensor<?xi32>)
  func.return %0#1 : tensor<?xi32>
}

// -----

func.func @unique_axis_two(%x: tensor<?x?xf32>) -> tensor<?xi32> {
  %a = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.UniqueWithCountsV2' op axis does not support input tensors larger than 1 elements}}
  %0:3 = "tf.UniqueWithCountsV2"(%x, %a) : (tensor<?x?xf32>, tensor<2xi32>) -> (tensor<?x?xf32>, tensor<?xi32>, tensor<?xi32>)
  func.return %0#1 : tensor<?xi32>
}

// -----

func.func @unique_axis_float(%x: tensor<?xf32>, %a: tensor<1xf32>) -> tensor<?xi32> {
  // expected-error @+1 {{'tf.UniqueV2' op axis tensor should be int32 or int64, but got tensor<1xf32>}}
  %0:2 = "tf.UniqueV2"(%x, %a) : (tensor<?xf32>, tensor<1xf32>) -> (tensor<?xf32>, tensor<?xi32>)
  func.return %0#1 : tensor<?xi32>
}

// -----

func.func @unique_axis_dims(%x: tensor<3x4xf32>) -> tensor<?x?xf32> {
  %a = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.UniqueV2' op result #0 (y) must have x's dim 0 (3) off the axis, declared tensor<2x?xf32>}}
  %0:2 = "tf.UniqueV2"(%x, %a) : (tensor<3x4xf32>, tensor<1xi32>) -> (tensor<2x?xf32>, tensor<?xi32>)
  func.return %0#0 : tensor<2x?xf32>
}

// -----

func.func @unique_no_axis(%x: tensor<?x?xf32>) -> tensor<?xi32> {
  %a = "tf.Const"() {value = dense<> : tensor<0xi64>} : () -> tensor<0xi64>
  // expected-error @+1 {{'tf.UniqueV2' op unique expects a 1D vector, got tensor<?x?xf32>}}
  %0:2 = "tf.UniqueV2"(%x, %a) : (tensor<?x?xf32>, tensor<0xi64>) -> (tensor<?x?xf32>, tensor<?xi32>)
  func.return %0#1 : tensor<?xi32>
}
