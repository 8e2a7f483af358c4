// Reductions, BiasAdd, Select and Softmax diagnostics.

func.func @axis_out_of_range(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %a = "tf.Const"() {value = dense<2> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.Sum' op Invalid reduction dimension (2 for input with 2 dimension(s))}}
  %0 = "tf.Sum"(%x, %a) {keep_dims = false} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @axis_negative_out_of_range(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %a = "tf.Const"() {value = dense<-3> : tensor<i64>} : () -> tensor<i64>
  // expected-error @+1 {{Invalid reduction dimension (-3 for input with 2 dimension(s))}}
  %0 = "tf.Max"(%x, %a) {keep_dims = false} : (tensor<2x3xf32>, tensor<i64>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @axis_from_argument(%x: tensor<2x3xf32>, %a: tensor<1xi32>) -> tensor<?xf32> {
  // expected-error @+1 {{reduction indices %a must be a constant; argument #1 needs a "value" constraint}}
  %0 = "tf.Sum"(%x, %a) {keep_dims = false} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<?xf32>
  func.return %0 : tensor<?xf32>
}

// -----

func.func @axis_float(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %a = "tf.Const"() {value = dense<1.0> : tensor<1xf32>} : () -> tensor<1xf32>
  // expected-error @+1 {{reduction indices must be i32 or i64, got tensor<1xf32>}}
  %0 = "tf.Sum"(%x, %a) {keep_dims = false} : (tensor<2x3xf32>, tensor<1xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @axis_rank2(%x: tensor<2x3xf32>) -> tensor<f32> {
  %a = "tf.Const"() {value = dense<[[0, 1]]> : tensor<1x2xi32>} : () -> tensor<1x2xi32>
  // expected-error @+1 {{reduction indices must be a scalar or rank 1, got tensor<1x2xi32>}}
  %0 = "tf.Sum"(%x, %a) {keep_dims = false} : (tensor<2x3xf32>, tensor<1x2xi32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @keep_dims_type(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %a = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error @+1 {{keep_dims must be a bool, got "yes"}}
  %0 = "tf.Sum"(%x, %a) {keep_dims = "yes"} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @keep_dims_declared(%x: tensor<2x3xf32>) -> tensor<2xf32> {
  %a = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error @+1 {{inferred type tensor<2x1xf32> is incompatible with the declared result type tensor<2xf32>: rank 2 vs 1}}
  %0 = "tf.Mean"(%x, %a) {keep_dims = true} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}

// -----

func.func @all_of_float(%x: tensor<2x3xf32>) -> tensor<2xi1> {
  %a = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.All' op operand #0 must be a tensor of i1 values, but got tensor<2x3xf32>}}
  %0 = "tf.All"(%x, %a) {keep_dims = false} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2xi1>
  func.return %0 : tensor<2xi1>
}

// -----

func.func @bias_rank1(%x: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.BiasAdd' op requires the input to have at least rank 2, got tensor<3xf32>}}
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @bias_format(%x: tensor<2x3xf32>, %b: tensor<3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{data_format must be "NHWC" or "NCHW", got "NDHWC"}}
  %0 = "tf.BiasAdd"(%x, %b) {data_format = "NDHWC"} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @bias_size(%x: tensor<2x3xf32>, %b: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{Must provide as many biases as the feature dimension of the input: 4 vs. 3}}
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<2x3xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  func.return %0 : tensor<2x3xf32>
}

// -----

func.func @select_cond(%c: tensor<3xf32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{'tf.Select' op operand #0 must be a tensor of i1 values, but got tensor<3xf32>}}
  %0 = "tf.Select"(%c, %x, %x) : (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @select_shapes(%c: tensor<3xi1>, %x: tensor<3xf32>, %y: tensor<4xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{requires that 't' and 'e' have the same shape: [3] vs. [4]}}
  %0 = "tf.Select"(%c, %x, %y) : (tensor<3xi1>, tensor<3xf32>, tensor<4xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}

// -----

func.func @select_rows(%c: tensor<5xi1>, %x: tensor<3x2xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{requires a rank-1 condition to match the first dimension of 't': [5] vs. [3,2]}}
  %0 = "tf.Select"(%c, %x, %x) : (tensor<5xi1>, tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// -----

func.func @softmax_scalar(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'tf.Softmax' op requires logits of rank 1 or more, got tensor<f32>}}
  %0 = "tf.Softmax"(%x) : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

func.func @softmax_int(%x: tensor<3xi32>) -> tensor<3xi32> {
  // expected-error @+1 {{'tf.LogSoftmax' op operand #0 must be a tensor of f16, f32, f64, bf16 values}}
  %0 = "tf.LogSoftmax"(%x) : (tensor<3xi32>) -> tensor<3xi32>
  func.return %0 : tensor<3xi32>
}

// -----

// expected-error @+1 {{argument #0 has unranked type tensor<*xf32>; it needs a rank specialization}}
func.func @unranked(%x: tensor<*xf32>) -> tensor<*xf32> {
  %0 = "tf.Abs"(%x) : (tensor<*xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
