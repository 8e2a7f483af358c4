// PopulationCount (-> ui8) and Bitcast f32 -> i32 and f32 -> i16 (adds a trailing dim), graph form
// with the importer's `type`/`T` attributes.
func.func @main(%arg0: tensor<3x4xf32>, %arg1: tensor<6xi64>) -> (tensor<6xui8>, tensor<3x4xi32>, tensor<3x4x2xi16>) {
  %0:3 = tf_executor.graph {
    %outputs, %control = tf_executor.island wraps "tf.PopulationCount"(%arg1) {T = i64, device = ""} : (tensor<6xi64>) -> tensor<6xui8> loc("PopulationCount")
    %outputs_0, %control_1 = tf_executor.island wraps "tf.Bitcast"(%arg0) {T = f32, device = "", type = i32} : (tensor<3x4xf32>) -> tensor<3x4xi32> loc("Bitcast")
    %outputs_2, %control_3 = tf_executor.island wraps "tf.Bitcast"(%arg0) {T = f32, device = "", type = i16} : (tensor<3x4xf32>) -> tensor<3x4x2xi16> loc("Bitcast_1")
    tf_executor.fetch %outputs, %outputs_0, %outputs_2 : tensor<6xui8>, tensor<3x4xi32>, tensor<3x4x2xi16>
  }
  return %0#0, %0#1, %0#2 : tensor<6xui8>, tensor<3x4xi32>, tensor<3x4x2xi16>
}
