// Graph form with control dependencies between islands, a NoOp anchor, consts with dtype attributes
// and _output_shapes, a fetch that includes a control token, and SplitV inside.
func.func @main(%arg0: tensor<2x7xf32>) -> (tensor<2x3xf32>, tensor<2x4xf32>) attributes {tf.entry_function = {control_outputs = "init", inputs = "x", outputs = "split:0,split:1"}} {
  %0:2 = tf_executor.graph {
    %outputs, %control = tf_executor.island wraps "tf.Const"() {_output_shapes = [#tf_type.shape<2>], device = "", dtype = i32, value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32> loc("sizes")
    %outputs_0, %control_1 = tf_executor.island wraps "tf.Const"() {_output_shapes = [#tf_type.shape<>], device = "", dtype = i32, value = dense<1> : tensor<i32>} : () -> tensor<i32> loc("axis")
    %control_2 = tf_executor.island(%control, %control_1) wraps "tf.NoOp"() {_output_shapes = [], device = ""} : () -> () loc("init")
    %outputs_3:2, %control_4 = tf_executor.island(%control_2) wraps "tf.SplitV"(%arg0, %outputs, %outputs_0) {T = f32, Tlen = i32, _output_shapes = [#tf_type.shape<2x3>, #tf_type.shape<2x4>], device = "", num_split = 2 : i64} : (tensor<2x7xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<2x3xf32>, tensor<2x4xf32>) loc("split")
    tf_executor.fetch %outputs_3#0, %outputs_3#1, %control_2 : tensor<2x3xf32>, tensor<2x4xf32>, !tf_executor.control
  }
  return %0#0, %0#1 : tensor<2x3xf32>, tensor<2x4xf32>
}
