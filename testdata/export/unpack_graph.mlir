// Unpack in tf-mlir-translate's graph form: one tf_executor.graph, islands wrapping single ops, derived
// attributes (T, num) and _output_shapes kept, named locations, a fetch of multi-result island outputs.
module attributes {tf.versions = {bad_consumers = [], min_consumer = 0 : i32, producer = 1205 : i32}} {
  func.func @main(%arg0: tensor<4x3x5xf32> {tf._user_specified_name = "input"}) -> (tensor<4x5xf32>, tensor<4x5xf32>) attributes {tf.entry_function = {control_outputs = "", inputs = "input", outputs = "unstack:0,Add:0"}} {
    %0:2 = tf_executor.graph {
      %outputs:3, %control = tf_executor.island wraps "tf.Unpack"(%arg0) {T = f32, _output_shapes = [#tf_type.shape<4x5>, #tf_type.shape<4x5>, #tf_type.shape<4x5>], axis = 1 : i64, device = "", num = 3 : i64} : (tensor<4x3x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>, tensor<4x5xf32>) loc("unstack")
      %outputs_0, %control_1 = tf_executor.island wraps "tf.AddV2"(%outputs#1, %outputs#2) {T = f32, _output_shapes = [#tf_type.shape<4x5>], device = ""} : (tensor<4x5xf32>, tensor<4x5xf32>) -> tensor<4x5xf32> loc("Add")
      tf_executor.fetch %outputs#0, %outputs_0 : tensor<4x5xf32>, tensor<4x5xf32>
    }
    return %0#0, %0#1 : tensor<4x5xf32>, tensor<4x5xf32>
  }
}
