func.func @compute(%arg0: tensor<?x?xf32> {jitrt.constraint = "rank"},
                   %arg1: tensor<?xi32> {cpurt.constraint = "shape"},
                   %arg2: tensor<2xi32> {rt.constraint = "value", python_test_attrs.static_type = tensor<2xi32>},
                   %arg3: tensor<*xf32> {})
    -> (tensor<?x?xf32> {tf_saved_model.index_path = ["out"]}, tensor<*xf32>)
    attributes {tf.entry_function = {inputs = "a,b,c,d", outputs = "e,f"}, llvm.emit_c_interface} {
  %0 = "tf.Reshape"(%arg0, %arg2) : (tensor<?x?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  return %0, %arg3 : tensor<?x?xf32>, tensor<*xf32>
}
