// Attribute and type aliases at top level; type aliases are resolved.
#map = affine_map<(d0, d1) -> (d1, d0)>
#shape = #tf_type.shape<2x?>
!vec = tensor<4xf32>
!tf_str = !tf_type.string
module {
  func.func @alias(%arg0: !vec) -> !vec {
    %0 = "tf.Foo"(%arg0) {layout = #map, shape = #shape, dtype = !tf_str, same = !vec} : (tensor<4xf32>) -> !vec
    return %0 : tensor<4xf32>
  }
}
