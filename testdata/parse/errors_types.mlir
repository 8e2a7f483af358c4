// Types sandjit does not model, and malformed types.

// expected-error @+1 {{unsupported element type 'tf32'}}
func.func @tf32(%arg0: tensor<4xtf32>) -> tensor<4xtf32> {
  return %arg0 : tensor<4xtf32>
}

// -----

func.func @complex(%arg0: tensor<i32>) -> tensor<i32> {
  // expected-error @+1 {{unsupported element type 'complex<i32>'}}
  %0 = "tf.Complex"(%arg0, %arg0) : (tensor<i32>, tensor<i32>) -> tensor<complex<i32>>
  return %arg0 : tensor<i32>
}

// -----

// expected-error @+1 {{unsupported element type '!tf_type.string'}}
func.func @tf_string(%arg0: tensor<?x!tf_type.string>) -> tensor<i32> {
  %0 = "tf.StringLength"(%arg0) : (tensor<?x!tf_type.string>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

// expected-error @+1 {{unsupported type 'memref<4xf32>'}}
func.func @memref(%arg0: memref<4xf32>) {
  return
}

// -----

// expected-error @+1 {{unsupported type 'vector<4xf32>'}}
func.func @vector(%arg0: vector<4xf32>) {
  return
}

// -----

// expected-error @+1 {{unsupported element type 'index'}}
func.func @index(%arg0: tensor<4xindex>) {
  return
}

// -----

// expected-error @+1 {{unsupported non-tensor type 'f32'}}
func.func @scalar(%arg0: f32) {
  return
}

// -----

// expected-error @+1 {{tensor rank exceeds the maximum of 16}}
func.func @rank(%arg0: tensor<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) {
  return
}

// -----

// expected-error @+1 {{dimension 4294967296 is too large}}
func.func @big_dim(%arg0: tensor<4294967296xf32>) {
  return
}

// -----

// expected-error @+1 {{expected 'x' in dimension list, found '>'}}
func.func @no_x(%arg0: tensor<2>) {
  return
}

// -----

// expected-error @+1 {{expected a type, found 'float'}}
func.func @bad_elem(%arg0: tensor<2xfloat>) {
  return
}

// -----

// expected-error @+1 {{unsupported type '!tf_type.resource<tensor<f32>>'}}
func.func @resource(%arg0: !tf_type.resource<tensor<f32>>) {
  return
}

// -----

// expected-error @+1 {{unsupported tensor encoding}}
func.func @encoding(%arg0: tensor<4xf32, #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>>) {
  return
}
