// tf._input_shapes / _output_shapes / tf.signature attributes with #tf_type.shape, ops that carry
// _class / _XlaMustCompile attrs, and a control-dependency-free tf.NoOp.
func.func @main(%arg0: tensor<4x5xf32> {tf._user_specified_name = "a"}, %arg1: tensor<5xf32>) -> tensor<4xf32> attributes {tf._input_shapes = [#tf_type.shape<4x5>, #tf_type.shape<5>], tf._noinline = true, tf.signature.is_stateful} {
  %axes = "tf.Const"() {_output_shapes = [#tf_type.shape<1>], device = "", dtype = i32, value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.SquaredDifference"(%arg0, %arg1) {T = f32, _XlaMustCompile = false, _output_shapes = [#tf_type.shape<4x5>], device = ""} : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
  %1 = "tf.Mean"(%0, %axes) {T = f32, Tidx = i32, _output_shapes = [#tf_type.shape<4>], device = "", keep_dims = false} : (tensor<4x5xf32>, tensor<1xi32>) -> tensor<4xf32>
  "tf.NoOp"() {device = ""} : () -> ()
  %2 = "tf.Sqrt"(%1) {T = f32, _class = ["loc:@Mean"], device = ""} : (tensor<4xf32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
